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
