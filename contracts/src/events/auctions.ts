import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

const money = lazySchema(() => z.number().nonnegative());

/**
 * bid.placed v1: a customer placed a bid (status `pending` while its bidding fee is unpaid,
 * `accepted` otherwise). Keyed by the auction id on `auctions.auction`, so bids of one
 * auction are read in order. Payments (bid fee) and notifications read it.
 */
export const bidPlacedV1 = {
  type: 'bid.placed',
  version: 1,
  payload: z.object({
    bidId: z.uuid(),
    auctionId: z.uuid(),
    propertyId: z.uuid(),
    bidderId: z.uuid(),
    amount: money,
    biddingFee: money,
    currency: z.enum(['AED', 'SAR']),
    status: z.enum(['pending', 'accepted']),
    /** The auction's current price after this bid. */
    currentPrice: money,
    placedAt: z.iso.datetime(),
  }),
} as const;

/** bid.outbid v1: the leading bid of `previousBidderId` was overtaken (notifications tell them). */
export const bidOutbidV1 = {
  type: 'bid.outbid',
  version: 1,
  payload: z.object({
    auctionId: z.uuid(),
    propertyId: z.uuid(),
    previousBidId: z.uuid(),
    previousBidderId: z.uuid(),
    previousAmount: money,
    newBidId: z.uuid(),
    newAmount: money,
    currency: z.enum(['AED', 'SAR']),
  }),
} as const;

/**
 * auction.closed v1: the auction reached its end and was settled. `winner` is the highest
 * accepted bid, or null when nobody bid; `bidderIds` are everyone who bid (notifications).
 */
export const auctionClosedV1 = {
  type: 'auction.closed',
  version: 1,
  payload: z.object({
    auctionId: z.uuid(),
    propertyId: z.uuid(),
    endsAt: z.iso.datetime(),
    closedAt: z.iso.datetime(),
    currency: z.enum(['AED', 'SAR']),
    winner: z.object({ bidId: z.uuid(), bidderId: z.uuid(), amount: money }).nullable(),
    bidderIds: z.array(z.uuid()),
  }),
} as const;
