import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PropertySummary, Site } from '@manzil/contracts';

/** The property card of an auction, copied from listings' `listing.approved` (never read from its database). */
@Entity({ name: 'auction_properties' })
export class AuctionProperty {
  @PrimaryColumn({ name: 'property_id', type: 'uuid', primaryKeyConstraintName: 'auction_properties_pkey' })
  propertyId: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'jsonb' })
  summary: PropertySummary;

  /** Whether the listing is accepted now: `listing.withdrawn` (sold, inactive, deleted, rejected) turns it off. */
  @Column({ type: 'boolean', default: true })
  accepted: boolean;

  @Column({ name: 'withdrawn_reason', type: 'text', nullable: true })
  withdrawnReason: string | null;

  /** When the applied event happened: an older event never overwrites a newer card. */
  @Column({ name: 'event_at', type: 'timestamptz' })
  eventAt: Date;
}
