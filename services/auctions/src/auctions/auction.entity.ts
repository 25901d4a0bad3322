import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/**
 * An auction of a property. Its status is not stored: it is derived from the clock
 * (`auctionStatusSql`). The live price (`currentPrice`, `leadingBidId`, `bidCount`) is moved
 * only under the row's lock, in the transaction that accepts or withdraws a bid.
 */
@Entity({ name: 'auctions' })
export class Auction {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'auctions_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  /** A property of the listings service (no foreign key: another service's data). */
  @Column({ name: 'property_id', type: 'uuid' })
  propertyId: string;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  /** numeric comes back from pg as a string: exact, converted at the edge. */
  @Column({ name: 'starting_price', type: 'numeric', precision: 14, scale: 2 })
  startingPrice: string;

  @Column({ name: 'min_increment', type: 'numeric', precision: 14, scale: 2, default: 1000 })
  minIncrement: string;

  @Column({ name: 'bidding_fee', type: 'numeric', precision: 14, scale: 2, default: 0 })
  biddingFee: string;

  /** The highest accepted bid's amount; null before any. */
  @Column({ name: 'current_price', type: 'numeric', precision: 14, scale: 2, nullable: true })
  currentPrice: string | null;

  @Column({ name: 'leading_bid_id', type: 'uuid', nullable: true })
  leadingBidId: string | null;

  /** The leading bid's bidder, kept with `leadingBidId` (read under the row lock, and for `leading`). */
  @Column({ name: 'leading_bidder_id', type: 'uuid', nullable: true })
  leadingBidderId: string | null;

  @Column({ name: 'bid_count', type: 'int', default: 0 })
  bidCount: number;

  /** Set once by the closing job (settled); the status reads closed from `endsAt` on anyway. */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  @Column({ name: 'winning_bid_id', type: 'uuid', nullable: true })
  winningBidId: string | null;

  /** Set by an admin's cancel (with `closedAt`: a cancelled auction is settled, without winner). */
  @Column({ name: 'canceled_at', type: 'timestamptz', nullable: true })
  canceledAt: Date | null;

  @Column({ name: 'canceled_by', type: 'uuid', nullable: true })
  canceledBy: string | null;

  @Column({ name: 'cancel_reason', type: 'text', nullable: true })
  cancelReason: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
