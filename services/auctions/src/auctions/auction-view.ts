import type { EntityManager } from 'typeorm';
import {
  SITE_FACTS,
  type AuctionStatus,
  type AuctionView,
  type PropertySummary,
  type Site,
} from '@manzil/contracts';

/** The status of an auction at the database's clock (one `now()` per transaction). */
export const auctionStatusSql = (a = 'a') =>
  `CASE WHEN now() < ${a}."starts_at" THEN 'upcoming' WHEN now() < ${a}."ends_at" THEN 'live' ELSE 'closed' END`;

/** The condition of one status, written so the (site, starts_at) / (site, ends_at) indexes serve it. */
export const STATUS_WHERE: Record<AuctionStatus, string> = {
  upcoming: `a."starts_at" > now()`,
  live: `a."starts_at" <= now() AND a."ends_at" > now()`,
  closed: `a."ends_at" <= now()`,
};

export const AUCTION_SELECT = `
  SELECT a."id", a."site", a."property_id", a."starts_at", a."ends_at", a."starting_price",
         a."min_increment", a."bidding_fee", a."current_price", a."leading_bid_id",
         a."leading_bidder_id", a."bid_count",
         a."closed_at", ${auctionStatusSql()} AS "status", w."amount" AS "winning_price",
         p."summary" AS "property"
    FROM "auctions" a
    LEFT JOIN "auction_properties" p ON p."property_id" = a."property_id" AND p."site" = a."site"
    LEFT JOIN "bids" w ON w."id" = a."winning_bid_id"`;

export interface AuctionRow {
  id: string;
  site: Site;
  property_id: string;
  starts_at: Date;
  ends_at: Date;
  starting_price: string;
  min_increment: string;
  bidding_fee: string;
  current_price: string | null;
  leading_bid_id: string | null;
  leading_bidder_id: string | null;
  bid_count: number;
  closed_at: Date | null;
  status: AuctionStatus;
  winning_price: string | null;
  property: PropertySummary | null;
}

/** Money is kept in cents as integers in code, so comparisons and sums are exact. */
export const toCents = (value: string | number) => Math.round(Number(value) * 100);
export const fromCents = (cents: number) => cents / 100;

export function priceOf(row: Pick<AuctionRow, 'current_price' | 'starting_price' | 'min_increment'>) {
  const current = toCents(row.current_price ?? row.starting_price);
  return { currentPrice: fromCents(current), minimumBid: fromCents(current + toCents(row.min_increment)) };
}

export function toAuctionView(row: AuctionRow): AuctionView {
  return {
    id: row.id,
    propertyId: row.property_id,
    status: row.status,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
    startingPrice: Number(row.starting_price),
    ...priceOf(row),
    minIncrement: Number(row.min_increment),
    biddingFee: Number(row.bidding_fee),
    currency: SITE_FACTS[row.site].currency,
    bidCount: row.bid_count,
    property: row.property,
    winningPrice: row.winning_price === null ? null : Number(row.winning_price),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

/** One auction of a site as its page shows it, or undefined. */
export async function findAuctionView(
  manager: EntityManager,
  site: Site,
  id: string,
): Promise<AuctionRow | undefined> {
  // A cancelled auction is gone for the public (404); the admin console reads it its own way.
  const rows = (await manager.query(
    `${AUCTION_SELECT} WHERE a."id" = $1 AND a."site" = $2 AND a."canceled_at" IS NULL`,
    [id, site],
  )) as AuctionRow[];
  return rows[0];
}
