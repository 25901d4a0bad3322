import { z } from 'zod';
import { PAYMENT_STATUSES } from './payments.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The bidding fee of one pending bid, as payments holds it: a payment opened when auctions
 * published `bid.placed` (pending), paid through Stripe Checkout like a plan. `checkoutUrl`
 * is the provider's page while the payment is Pending (null once settled).
 */
export const bidFeeViewSchema = lazySchema(() =>
  z.object({
    paymentId: z.uuid(),
    bidId: z.uuid(),
    auctionId: z.uuid(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    currency: z.enum(['AED', 'SAR']),
    checkoutUrl: z.url().nullable(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
  }),
);
export type BidFeeView = z.infer<typeof bidFeeViewSchema>;

export const bidFeeParamsSchema = lazySchema(() => z.object({ bidId: z.uuid() }));

/** Payments' bid fee endpoints (customers: role `user`), relative to `/api/payments`. */
export const BID_FEES_API = {
  /** GET → the fee of one of the caller's bids (404 until payments has read `bid.placed`). */
  bidFee: (bidId: string) => `/v1/bid-fees/${bidId}`,
} as const;
