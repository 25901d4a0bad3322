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

  /** When the applied event happened: an older event never overwrites a newer card. */
  @Column({ name: 'event_at', type: 'timestamptz' })
  eventAt: Date;
}
