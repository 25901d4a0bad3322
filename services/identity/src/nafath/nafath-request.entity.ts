import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';
import { NAFATH_STATUSES } from '@manzil/contracts';

export type NafathRequestStatus = (typeof NAFATH_STATUSES)[number];

/** One Nafath request of an account: what the provider answered and where it stands. */
@Entity({ name: 'nafath_requests' })
export class NafathRequest {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'nafath_requests_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'national_id', type: 'text' })
  nationalId: string;

  @Column({ name: 'trans_id', type: 'text' })
  transId: string;

  /** The requestId we sent; the provider echoes it in the callback. */
  @Column({ name: 'request_id', type: 'uuid' })
  requestId: string;

  @Column({ type: 'text' })
  random: string;

  /** COMPLETED only once the signed callback was verified and the account marked. */
  @Column({ type: 'text', default: 'WAITING' })
  status: NafathRequestStatus;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
