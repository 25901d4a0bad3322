import type { EntityManager } from 'typeorm';
import { bidFeeFailedV1, bidFeePaidV1, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import type { Settlement, SettledBy, SettleOutcome } from '../checkout/settle-payment.js';

interface BidFeeRow {
  id: string;
  site: Site;
  account_id: string;
  bid_id: string;
  auction_id: string;
  amount: string;
  currency: 'AED' | 'SAR';
  status: 'pending' | 'canceled' | 'paid' | 'refunded';
}

/**
 * A bid fee payment settled by the provider's word, under the payment's row lock that
 * SettlePayment already holds: the same monotonic rules as a plan (Pending → Canceled or
 * Paid, Canceled → Paid, Paid final), and in the same transaction the event auctions acts on,
 * `payments.bid-fee.paid` or `.failed`, keyed by the auction so its bids are read in order.
 */
export async function settleBidFee(
  manager: EntityManager,
  paymentId: string,
  settlement: Settlement,
  settledBy: SettledBy,
): Promise<SettleOutcome> {
  const [payment] = (await manager.query(
    `SELECT "id", "site", "account_id", "bid_id", "auction_id", "amount", "currency", "status"
       FROM "payments" WHERE "id" = $1`,
    [paymentId],
  )) as BidFeeRow[];
  // Paid is final, and so is Refunded (an admin's refund; a late "completed" changes nothing).
  if (payment.status === 'paid' || payment.status === 'refunded') return 'unchanged';
  if (settlement === 'canceled' && payment.status !== 'pending') return 'unchanged';
  const [row] = (await manager.query(
    `UPDATE "payments" SET "status" = $2, "settled_by" = $3, "updated_at" = now(),
            "paid_at" = CASE WHEN $2 = 'paid' THEN now() ELSE "paid_at" END
      WHERE "id" = $1 RETURNING "updated_at"`,
    [payment.id, settlement, settledBy],
  )) as [{ updated_at: Date }[], number];
  const at = row[0].updated_at.toISOString();
  const facts = {
    paymentId: payment.id,
    bidId: payment.bid_id,
    auctionId: payment.auction_id,
    bidderId: payment.account_id,
    amount: Number(payment.amount),
    currency: payment.currency,
  };
  await enqueue(
    manager,
    TOPICS.paymentsBidFee,
    settlement === 'paid'
      ? newEvent(bidFeePaidV1, payment.site, payment.auction_id, { ...facts, paidAt: at })
      : newEvent(bidFeeFailedV1, payment.site, payment.auction_id, { ...facts, failedAt: at }),
  );
  return 'settled';
}
