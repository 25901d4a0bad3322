import { z } from 'zod';
import { fieldErrorSchema, pageSchema, paginationQuerySchema } from './envelope.js';
import { propertySummarySchema } from './listings.js';
import { normalizeDigits } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The auctions service's API (`/api/auctions/v1/...`): shapes of its requests and answers,
 * used by the service and by the customer remote's auction pages.
 *
 * Decisions (services/auctions/README.md has the why):
 * - Status is derived from the clock: upcoming before `startsAt`, live until `endsAt`,
 *   closed from `endsAt` on. The closing job only settles the winner.
 * - A bid must be at least the current price plus the auction's minimum increment (the
 *   current price is the starting price until a bid is accepted).
 * - A bid on an auction with a bidding fee waits `pending` for its fee; with no fee it is
 *   `accepted` at once.
 */
export const AUCTION_STATUSES = ['upcoming', 'live', 'closed'] as const;
export const auctionStatusSchema = lazySchema(() => z.enum(AUCTION_STATUSES));
export type AuctionStatus = z.infer<typeof auctionStatusSchema>;

/** Spec §4 pending, accepted, rejected; `withdrawn` by its bidder while the auction is live. */
export const BID_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export const bidStatusSchema = lazySchema(() => z.enum(BID_STATUSES));
export type BidStatus = z.infer<typeof bidStatusSchema>;

/** Spec §4 bid payment: pending, failed, success; null when the auction has no bidding fee. */
export const BID_PAYMENT_STATUSES = ['pending', 'failed', 'success'] as const;
export const bidPaymentStatusSchema = lazySchema(() => z.enum(BID_PAYMENT_STATUSES));
export type BidPaymentStatus = z.infer<typeof bidPaymentStatusSchema>;

/** The minimum increment of an auction created without one, in the site's currency (AED or SAR). */
export const DEFAULT_MIN_INCREMENT = 1_000;
/** Prices have at most 12 integer digits (numeric(14,2)). */
export const MAX_BID = 999_999_999_999.99;

export const auctionIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));
export const bidIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));

export const listAuctionsQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: auctionStatusSchema.optional(),
  }),
);
export type ListAuctionsQuery = z.infer<typeof listAuctionsQuerySchema>;

const currencySchema = lazySchema(() => z.enum(['AED', 'SAR']));

/** What an auction card and the auction page show. Prices in the site's currency. */
export const auctionViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    propertyId: z.uuid(),
    status: auctionStatusSchema,
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    startingPrice: z.number(),
    /** The highest accepted bid, or the starting price before any. */
    currentPrice: z.number(),
    minIncrement: z.number(),
    /** The lowest amount a bid may have now (currentPrice + minIncrement). */
    minimumBid: z.number(),
    /** Paid by each bidder to take part (spec §3 "bidding fees"); 0 when free. */
    biddingFee: z.number(),
    currency: currencySchema,
    /** Accepted bids, withdrawn ones not counted. */
    bidCount: z.number().int(),
    /** The property card, from listings' `listing.approved` (null until it has arrived). */
    property: propertySummarySchema.nullable(),
    /** Once closed and settled: the winning amount, or null when nobody bid. */
    winningPrice: z.number().nullable(),
    closedAt: z.iso.datetime().nullable(),
  }),
);
export type AuctionView = z.infer<typeof auctionViewSchema>;
export const auctionPageSchema = lazySchema(() => pageSchema(auctionViewSchema));

/** The auction page: the auction, and for a signed-in customer whether they lead and their bids. */
export const auctionDetailSchema = lazySchema(() =>
  auctionViewSchema.extend({
    /** Only for a signed-in customer: whether their accepted bid is the highest. */
    leading: z.boolean().nullable(),
  }),
);
export type AuctionDetail = z.infer<typeof auctionDetailSchema>;

/** A bid price as typed: Arabic digits and thousands separators accepted, 2 decimals at most. */
export const bidAmountSchema = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value).replace(/[,\s٬]/g, '') : value),
    z.coerce
      .number({ message: 'bid.required' })
      .refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_BID, 'bid.invalid')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'bid.invalid'),
  ),
);

export const placeBidBodySchema = lazySchema(() =>
  z.object({
    amount: z.preprocess((value) => (value === '' || value === null ? undefined : value), bidAmountSchema),
  }),
);
export type PlaceBidBody = z.infer<typeof placeBidBodySchema>;

export const bidViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    auctionId: z.uuid(),
    amount: z.number(),
    /** The fee this bid pays (the auction's fee when it was placed). */
    biddingFee: z.number(),
    currency: currencySchema,
    status: bidStatusSchema,
    paymentStatus: bidPaymentStatusSchema.nullable(),
    /** Whether this bid is the auction's highest accepted bid now. */
    leading: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type BidView = z.infer<typeof bidViewSchema>;

/** A row of the customer's "auction properties" tab: their bid and its auction. */
export const myBidViewSchema = lazySchema(() => bidViewSchema.extend({ auction: auctionViewSchema }));
export type MyBidView = z.infer<typeof myBidViewSchema>;
export const myBidPageSchema = lazySchema(() => pageSchema(myBidViewSchema));
export const myBidsQuerySchema = paginationQuerySchema;

/** The most of one customer's bids on one auction the "auction properties" tab lists (newest). */
export const MY_AUCTION_BIDS_SHOWN = 20;
/**
 * One auction a customer bid on, for their "auction properties" tab: the auction, whether
 * their bid leads, and their bids on it (newest first, at most MY_AUCTION_BIDS_SHOWN) with
 * their states; `myBidCount` counts them all.
 */
export const myAuctionViewSchema = lazySchema(() =>
  auctionViewSchema.extend({
    leading: z.boolean(),
    myBidCount: z.int(),
    myBids: z.array(bidViewSchema),
  }),
);
export type MyAuctionView = z.infer<typeof myAuctionViewSchema>;
export const myAuctionPageSchema = lazySchema(() => pageSchema(myAuctionViewSchema));

/** One message of `GET /v1/auctions/:id/events` (text/event-stream, event name `price`). */
export const auctionPriceMessageSchema = lazySchema(() =>
  z.object({
    auctionId: z.uuid(),
    currentPrice: z.number(),
    minimumBid: z.number(),
    bidCount: z.int(),
    leadingBidId: z.uuid().nullable(),
    status: auctionStatusSchema,
  }),
);
export type AuctionPriceMessage = z.infer<typeof auctionPriceMessageSchema>;

/**
 * The `results` of `POST /v1/auctions/:id/bids` refused as too low (422, code
 * `VALIDATION_FAILED`, field `amount` with `bid.tooLow`): the auction's price as the refusal
 * read it, so the bidder sees the new minimum without reading the auction again. The other
 * refusals keep the plain `{ code, fields? }`.
 */
export const bidTooLowResultsSchema = z.object({
  code: z.literal('VALIDATION_FAILED'),
  fields: z.array(fieldErrorSchema),
  price: auctionPriceMessageSchema,
});
export type BidTooLowResults = z.infer<typeof bidTooLowResultsSchema>;

export const AUCTIONS_API = {
  list: '/v1/auctions',
  detail: (id: string) => `/v1/auctions/${id}`,
  events: (id: string) => `/v1/auctions/${id}/events`,
  bids: (id: string) => `/v1/auctions/${id}/bids`,
  withdraw: (bidId: string) => `/v1/bids/${bidId}/withdraw`,
  myBids: '/v1/me/bids',
  /** GET: the auctions the customer bid on, latest bid first, each with their bids (paginated). */
  myAuctions: '/v1/me/auctions',
  create: '/v1/admin/auctions',
} as const;

/**
 * `POST /v1/admin/auctions` (admin of the request's site): an auction of an accepted
 * property of that site. The admin console's screen is issue 13's item 8.
 */
export const createAuctionBodySchema = lazySchema(() =>
  z
    .object({
      propertyId: z.uuid(),
      startsAt: z.iso.datetime({ offset: true }),
      endsAt: z.iso.datetime({ offset: true }),
      startingPrice: bidAmountSchema,
      minIncrement: bidAmountSchema.optional(),
      biddingFee: z.coerce.number().min(0).max(MAX_BID).optional(),
    })
    .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
      path: ['endsAt'],
      message: 'invalid',
    }),
);
export type CreateAuctionBody = z.infer<typeof createAuctionBodySchema>;
