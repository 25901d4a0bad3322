import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { BidPaymentStatus, BidStatus, Site } from '@manzil/contracts';

@Entity({ name: 'bids' })
export class Bid {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'bids_pkey' })
  id: string;

  @Column({ name: 'auction_id', type: 'uuid' })
  auctionId: string;

  @Column({ type: 'text' })
  site: Site;

  /** The customer's account id (identity's; no foreign key). */
  @Column({ name: 'bidder_id', type: 'uuid' })
  bidderId: string;

  @Column({ type: 'numeric', precision: 14, scale: 2 })
  amount: string;

  @Column({ name: 'bidding_fee', type: 'numeric', precision: 14, scale: 2, default: 0 })
  biddingFee: string;

  @Column({ type: 'text' })
  status: BidStatus;

  /** null when the auction had no bidding fee. */
  @Column({ name: 'payment_status', type: 'text', nullable: true })
  paymentStatus: BidPaymentStatus | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
