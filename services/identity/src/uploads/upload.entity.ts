import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/**
 * A picture or logo; the bytes (encoded again, without metadata) are in the object storage
 * under `identity/uploads/<id>`. An upload made before its account exists (the register and
 * add-agent forms) belongs to nobody until an account claims it; unclaimed, it is deleted
 * after `expires_at`.
 */
@Entity({ name: 'uploads' })
export class Upload {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'uploads_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  /** The account whose picture or logo it is; null until claimed. */
  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId: string | null;

  /** When an unclaimed upload is deleted; null once claimed. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
