import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { bidFeeFailedV1, bidFeePaidV1, bidFeeRefundDueV1 } from './bid-fees.js';
import { topicOfEvent } from './event-topics.js';
import { TOPICS, TOPIC_LIST } from './topics.js';

const fee = () => ({
  paymentId: randomUUID(),
  bidId: randomUUID(),
  auctionId: randomUUID(),
  bidderId: randomUUID(),
  amount: 500,
  currency: 'AED',
});

describe('bid fee events v1 (contract)', () => {
  it('are published on payments.bid-fee, a declared topic', () => {
    for (const def of [bidFeePaidV1, bidFeeFailedV1]) {
      expect(def.version).toBe(1);
      expect(topicOfEvent(def.type)).toBe(TOPICS.paymentsBidFee);
    }
    expect(TOPICS.paymentsBidFee).toBe('payments.bid-fee');
    expect(TOPIC_LIST.map((t) => t.name)).toEqual(
      expect.arrayContaining(['payments.bid-fee', 'payments.bid-fee.dlq']),
    );
  });

  it('payments.bid-fee.paid names the payment, the bid, its auction and bidder, and when', () => {
    const paid = { ...fee(), paidAt: new Date().toISOString() };
    expect(bidFeePaidV1.payload.parse(paid)).toEqual(paid);
    expect(bidFeePaidV1.payload.safeParse({ ...paid, paidAt: 'yesterday' }).success).toBe(false);
    expect(bidFeePaidV1.payload.safeParse({ ...paid, currency: 'USD' }).success).toBe(false);
    expect(bidFeePaidV1.payload.safeParse({ ...paid, amount: -1 }).success).toBe(false);
    const { bidId: _omitted, ...withoutBid } = paid;
    expect(bidFeePaidV1.payload.safeParse(withoutBid).success).toBe(false);
  });

  it('payments.bid-fee.failed carries the same facts and when it failed', () => {
    const failed = { ...fee(), currency: 'SAR', failedAt: new Date().toISOString() };
    expect(bidFeeFailedV1.payload.parse(failed)).toEqual(failed);
    expect(bidFeeFailedV1.payload.safeParse({ ...failed, failedAt: undefined }).success).toBe(false);
    expect(bidFeeFailedV1.payload.safeParse({ ...failed, auctionId: 'an auction' }).success).toBe(false);
  });

  it('bid.fee-refund-due (auctions → payments) is on auctions.auction and says which payment and why', () => {
    expect(bidFeeRefundDueV1.version).toBe(1);
    expect(topicOfEvent(bidFeeRefundDueV1.type)).toBe(TOPICS.auctionsAuction);
    const { amount: _a, currency: _c, ...ids } = fee();
    const due = { ...ids, reason: 'overtaken' };
    expect(bidFeeRefundDueV1.payload.parse(due)).toEqual(due);
    expect(bidFeeRefundDueV1.payload.safeParse({ ...due, reason: 'changed my mind' }).success).toBe(false);
    const { paymentId: _p, ...withoutPayment } = due;
    expect(bidFeeRefundDueV1.payload.safeParse(withoutPayment).success).toBe(false);
  });
});
