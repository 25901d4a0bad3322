import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/** A person's request to delete their account; anonymised once `eraseAfter` has passed. */
@Entity({ name: 'deletion_requests' })
export class DeletionRequest {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'deletion_requests_pkey' })
  id: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'requested_at', type: 'timestamptz' })
  requestedAt: Date;

  @Column({ name: 'erase_after', type: 'timestamptz' })
  eraseAfter: Date;

  @Column({ name: 'anonymised_at', type: 'timestamptz', nullable: true })
  anonymisedAt: Date | null;
}
