import type { EntityManager } from 'typeorm';
import { bidFeeFailedV1, bidFeePaidV1, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import type { Settlement, SettledBy, SettleOutcome } from '../checkout/settle-payment.js';
import { settleOneOff } from '../checkout/settle-one-off.js';

interface BidFeeRow {
  id: string;
  site: Site;
  account_id: string;
  bid_id: string;
  auction_id: string;
  amount: string;
  currency: 'AED' | 'SAR';
}

/**
 * A bid fee payment settled by the provider's word (settleOneOff's monotonic rules), and in the
 * same transaction the event auctions acts on, `payments.bid-fee.paid` or `.failed`, keyed by
 * the auction so its bids are read in order.
 */
export async function settleBidFee(
  manager: EntityManager,
  paymentId: string,
  settlement: Settlement,
  settledBy: SettledBy,
): Promise<SettleOutcome> {
  const at = await settleOneOff(manager, paymentId, settlement, settledBy);
  if (!at) return 'unchanged';
  const [payment] = (await manager.query(
    `SELECT "id", "site", "account_id", "bid_id", "auction_id", "amount", "currency" FROM "payments" WHERE "id" = $1`,
    [paymentId],
  )) as BidFeeRow[];
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
