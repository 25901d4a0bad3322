import type { DataSource } from 'typeorm';
import type { Site } from '@manzil/contracts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoAuction {
  id: string;
  /** A property of listings' demo seed (services/listings/src/seed.ts; ids copied, not imported). */
  propertyId: string;
  /** From now, in milliseconds. */
  startsIn: number;
  endsIn: number;
  startingPrice: number;
  minIncrement: number;
  biddingFee: number;
}

/** Two live and one upcoming auction per site, on the demo properties for sale. */
export const DEMO_AUCTIONS: Record<Site, DemoAuction[]> = {
  ae: [
    {
      id: '01936000-0000-7000-8000-00000000a101',
      propertyId: '01936000-0000-7000-8000-000000000101',
      startsIn: -2 * HOUR,
      endsIn: 3 * DAY,
      startingPrice: 2_500_000,
      minIncrement: 5_000,
      biddingFee: 0,
    },
    {
      id: '01936000-0000-7000-8000-00000000a102',
      propertyId: '01936000-0000-7000-8000-000000000104',
      startsIn: -1 * DAY,
      endsIn: 6 * DAY,
      startingPrice: 28_000_000,
      minIncrement: 50_000,
      biddingFee: 1_000,
    },
    {
      id: '01936000-0000-7000-8000-00000000a103',
      propertyId: '01936000-0000-7000-8000-000000000103',
      startsIn: 2 * DAY,
      endsIn: 9 * DAY,
      startingPrice: 2_000_000,
      minIncrement: 5_000,
      biddingFee: 0,
    },
  ],
  sa: [
    {
      id: '01936000-0000-7000-8000-00000000a201',
      propertyId: '01936000-0000-7000-8000-000000000201',
      startsIn: -3 * HOUR,
      endsIn: 4 * DAY,
      startingPrice: 3_500_000,
      minIncrement: 5_000,
      biddingFee: 0,
    },
    {
      id: '01936000-0000-7000-8000-00000000a202',
      propertyId: '01936000-0000-7000-8000-000000000206',
      startsIn: -1 * DAY,
      endsIn: 5 * DAY,
      startingPrice: 4_200_000,
      minIncrement: 10_000,
      biddingFee: 500,
    },
    {
      id: '01936000-0000-7000-8000-00000000a203',
      propertyId: '01936000-0000-7000-8000-000000000202',
      startsIn: 3 * DAY,
      endsIn: 10 * DAY,
      startingPrice: 1_400_000,
      minIncrement: 2_000,
      biddingFee: 0,
    },
  ],
};

/**
 * Demo auctions, times relative to now. Seeding again moves the times of an auction nobody
 * has bid on and that is not settled, so a demo started days later still has live auctions;
 * one with bids or closed is left alone. The property cards come from listings' seed
 * (its `listing.approved` events), and the closing jobs are scheduled when the service starts.
 */
export async function seed(dataSource: DataSource): Promise<void> {
  const now = Date.now();
  for (const site of ['ae', 'sa'] as const) {
    for (const demo of DEMO_AUCTIONS[site]) {
      await dataSource.query(
        `INSERT INTO "auctions" ("id", "site", "property_id", "starts_at", "ends_at", "starting_price", "min_increment", "bidding_fee")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT ("id") DO UPDATE SET "starts_at" = EXCLUDED."starts_at", "ends_at" = EXCLUDED."ends_at", "updated_at" = now()
           WHERE "auctions"."bid_count" = 0 AND "auctions"."closed_at" IS NULL
             AND NOT EXISTS (SELECT 1 FROM "bids" WHERE "bids"."auction_id" = "auctions"."id")`,
        [
          demo.id,
          site,
          demo.propertyId,
          new Date(now + demo.startsIn),
          new Date(now + demo.endsIn),
          demo.startingPrice,
          demo.minIncrement,
          demo.biddingFee,
        ],
      );
    }
  }
}
