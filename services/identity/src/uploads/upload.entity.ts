import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/** A picture or logo; the bytes live in UPLOADS_DIR under the id. */
@Entity({ name: 'uploads' })
export class Upload {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'uploads_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ name: 'content_type', type: 'text' })
  contentType: string;

  @Column({ type: 'integer' })
  size: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
