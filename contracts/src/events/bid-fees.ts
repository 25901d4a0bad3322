import { z } from 'zod';

const bidFeePayload = {
  /** Payments' payment (one per bid). */
  paymentId: z.uuid(),
  bidId: z.uuid(),
  auctionId: z.uuid(),
  bidderId: z.uuid(),
  amount: z.number().nonnegative(),
  currency: z.enum(['AED', 'SAR']),
};

/**
 * payments.bid-fee.paid v1: the bidding fee of a pending bid was paid (webhook or
 * reconciliation). Auctions accepts the bid if it is still pending and still above the price,
 * else rejects it (the fee then waits for a refund). Keyed by the auction id on
 * `payments.bid-fee`, so one auction's fees are read in order.
 */
export const bidFeePaidV1 = {
  type: 'payments.bid-fee.paid',
  version: 1,
  payload: z.object({ ...bidFeePayload, paidAt: z.iso.datetime() }),
} as const;

/**
 * payments.bid-fee.failed v1: the fee's checkout failed or expired (Canceled): auctions rejects
 * the pending bid. A later `paid` for the same payment (money taken after all) may follow.
 */
export const bidFeeFailedV1 = {
  type: 'payments.bid-fee.failed',
  version: 1,
  payload: z.object({ ...bidFeePayload, failedAt: z.iso.datetime() }),
} as const;

/**
 * bid.fee-refund-due v1: auctions learnt that a bid's fee was paid but the bid can no longer
 * be accepted (overtaken while its bidder paid, the auction over or cancelled, the bid already
 * rejected), so the money goes back. Payments refunds the payment through the provider, once
 * (`payments.payment.refunded` follows). Keyed by the auction id on `auctions.auction`.
 */
export const bidFeeRefundDueV1 = {
  type: 'bid.fee-refund-due',
  version: 1,
  payload: z.object({
    paymentId: z.uuid(),
    bidId: z.uuid(),
    auctionId: z.uuid(),
    bidderId: z.uuid(),
    reason: z.enum(['overtaken', 'auction-over', 'bid-closed']),
  }),
} as const;
