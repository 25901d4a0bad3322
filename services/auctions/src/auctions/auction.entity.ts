import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

export const AUCTION_STATUSES = ['upcoming', 'live', 'closed'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

@Entity({ name: 'auctions' })
export class Auction {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'auctions_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  /** A property of the listings service (no foreign key: another service's data). */
  @Column({ name: 'property_id', type: 'uuid' })
  propertyId: string;

  @Column({ type: 'text', default: 'upcoming' })
  status: AuctionStatus;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  /** numeric comes back from pg as a string: exact, converted at the edge. */
  @Column({ name: 'starting_price', type: 'numeric', precision: 14, scale: 2 })
  startingPrice: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
