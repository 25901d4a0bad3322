import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { PropertySummary, Site } from '@manzil/contracts';

const HOUR = 3_600_000;

/** A property card as listings' `listing.approved` carries it. */
export function propertyCard(site: Site, overrides: Partial<PropertySummary> = {}): PropertySummary {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    site,
    slug: `auction-property-${id}`,
    title:
      site === 'ae'
        ? { en: 'Marina villa', ar: 'فيلا في المارينا' }
        : { en: 'Riyadh villa', ar: 'فيلا في الرياض' },
    propertyType: 'buy',
    kind: 'villa',
    price: 2_000_000,
    currency: site === 'ae' ? 'AED' : 'SAR',
    bedrooms: 4,
    bathrooms: 5,
    area: site === 'ae' ? 4_000 : 400,
    areaUnit: site === 'ae' ? 'sqft' : 'sqm',
    city: site === 'ae' ? { en: 'Dubai', ar: 'دبي' } : { en: 'Riyadh', ar: 'الرياض' },
    community: { en: 'Test community', ar: 'حي الاختبار' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: '/api/listings/v1/media/demo/palm-villa.svg',
    agreementType: 'exclusive',
    agentName: 'Test Agent',
    approvedAt: new Date().toISOString(),
    ...overrides,
  };
}

export interface AuctionFixture {
  site?: Site;
  propertyId?: string;
  /** Hours from now (negative: in the past). */
  startsIn?: number;
  endsIn?: number;
  /** Milliseconds from now, instead of endsIn. */
  endsInMs?: number;
  startingPrice?: number;
  minIncrement?: number;
  biddingFee?: number;
}

/** Inserts an auction row as an admin's would be (live by default: started an hour ago, ends in an hour). */
export async function insertAuction(dataSource: DataSource, fixture: AuctionFixture = {}): Promise<string> {
  const now = Date.now();
  const [row] = (await dataSource.query(
    `INSERT INTO "auctions" ("site", "property_id", "starts_at", "ends_at", "starting_price", "min_increment", "bidding_fee")
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING "id"`,
    [
      fixture.site ?? 'ae',
      fixture.propertyId ?? randomUUID(),
      new Date(now + (fixture.startsIn ?? -1) * HOUR),
      new Date(fixture.endsInMs === undefined ? now + (fixture.endsIn ?? 1) * HOUR : now + fixture.endsInMs),
      fixture.startingPrice ?? 1_000_000,
      fixture.minIncrement ?? 1_000,
      fixture.biddingFee ?? 0,
    ],
  )) as { id: string }[];
  return row.id;
}
