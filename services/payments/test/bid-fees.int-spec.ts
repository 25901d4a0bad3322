import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  bidFeeRefundDueV1,
  bidPlacedV1,
  TOPICS,
  type BidFeeView,
  type EventEnvelope,
  type Site,
} from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import { expectEventually, testRedisUrl, tokenFor, waitForEvent } from '@manzil/testing';
import { PaymentsHarness } from './harness.js';

const PAID = 'payments.bid-fee.paid';
const FAILED = 'payments.bid-fee.failed';
/** The bus and the relay on a busy machine. */
const SLOW = { timeoutMs: 20_000, intervalMs: 100 };

describe('payments: bidding fees of pending bids, through the same Checkout and webhooks', () => {
  const h = new PaymentsHarness();
  let bus: EventBus;

  beforeAll(async () => {
    await h.start();
    bus = createEventBus({ clientId: 'payments-bid-test', redisUrl: testRedisUrl(), namespace: h.namespace });
  });
  afterAll(async () => {
    await bus?.close();
    await h.stop();
  });

  /** Auctions' `bid.placed` for a new pending bid of `bidderId`. */
  async function placeBid(bidderId: string, { site = 'ae' as Site, fee = 500, status = 'pending' } = {}) {
    const bidId = randomUUID();
    const auctionId = randomUUID();
    const event = newEvent(bidPlacedV1, site, auctionId, {
      bidId,
      auctionId,
      propertyId: randomUUID(),
      bidderId,
      amount: 1_501_000,
      biddingFee: fee,
      currency: site === 'ae' ? 'AED' : 'SAR',
      status: status as 'pending' | 'accepted',
      currentPrice: 1_500_000,
      placedAt: new Date().toISOString(),
    });
    await bus.publish(TOPICS.auctionsAuction, event);
    return { bidId, auctionId, event };
  }

  const feeOf = (bidId: string, token: string, site: Site = 'ae') =>
    h.http().get(`/v1/bid-fees/${bidId}`).set('authorization', `Bearer ${token}`).set('x-site', site);

  /** The fee once payments has read the bid and opened its Checkout. */
  const openedFee = (bidId: string, token: string, site: Site = 'ae') =>
    expectEventually(async () => {
      const response = await feeOf(bidId, token, site).expect(200);
      expect(response.body.results.checkoutUrl).not.toBeNull();
      return response.body.results as BidFeeView;
    }, SLOW);

  const sessionOf = (fee: BidFeeView) => new URL(fee.checkoutUrl!).pathname.split('/').pop()!;

  const published = (type: string, bidId: string) =>
    waitForEvent(
      testRedisUrl(),
      h.namespace,
      TOPICS.paymentsBidFee,
      (e: EventEnvelope) => e.type === type && (e.payload as { bidId: string }).bidId === bidId,
    );

  it('a pending bid read twice gets one Pending payment; paid, its webhook twice, publishes paid once', async () => {
    const bidderId = randomUUID();
    const token = await tokenFor('user', { site: 'ae', sub: bidderId });
    const { bidId, auctionId, event } = await placeBid(bidderId);
    await bus.publish(TOPICS.auctionsAuction, event);
    const fee = await openedFee(bidId, token);
    expect(fee).toMatchObject({
      bidId,
      auctionId,
      status: 'pending',
      amount: 500,
      currency: 'AED',
      paidAt: null,
    });
    expect(await h.count(`"payments" WHERE "bid_id" = $1`, [bidId])).toBe(1);
    const page = await fetch(fee.checkoutUrl!);
    expect(await page.text()).toContain('500.00 AED');

    const paid = await h.decide(sessionOf(fee), 'pay', 'hold');
    expect(paid.redirectUrl).toBe(
      `http://ae.localhost:3000/payments/paymentSuccess?paymentId=${fee.paymentId}&bidId=${bidId}&session_id=${sessionOf(fee)}`,
    );
    const [delivery] = paid.events;
    expect((await h.deliver(delivery.eventId)).status).toBe(200);
    expect((await h.deliver(delivery.eventId)).status).toBe(200);
    expect(await h.payment(fee.paymentId)).toMatchObject({
      status: 'paid',
      settled_by: 'webhook',
      subscription_id: null,
    });
    expect(
      await h.count(`"outbox" WHERE "event"->>'type' = $1 AND "event"->'payload'->>'bidId' = $2`, [
        PAID,
        bidId,
      ]),
    ).toBe(1);
    const event2 = await published(PAID, bidId);
    expect(event2).toMatchObject({
      site: 'ae',
      key: auctionId,
      version: 1,
      payload: { paymentId: fee.paymentId, bidId, auctionId, bidderId, amount: 500, currency: 'AED' },
    });
    const after = await feeOf(bidId, token).expect(200);
    expect(after.body.results).toMatchObject({ status: 'paid', checkoutUrl: null });
  });

  it('a failed checkout publishes failed; paid afterwards (money taken) still publishes paid', async () => {
    const bidderId = randomUUID();
    const token = await tokenFor('user', { site: 'sa', sub: bidderId });
    const { bidId } = await placeBid(bidderId, { site: 'sa', fee: 250 });
    const fee = await openedFee(bidId, token, 'sa');
    expect(fee.currency).toBe('SAR');
    const failed = await h.decide(sessionOf(fee), 'fail');
    expect(failed.redirectUrl).toContain(`/payments/paymentFailed?paymentId=${fee.paymentId}&bidId=${bidId}`);
    await expectEventually(
      async () => expect(await h.payment(fee.paymentId)).toMatchObject({ status: 'canceled' }),
      SLOW,
    );
    expect((await published(FAILED, bidId)).payload).toMatchObject({ bidId, amount: 250, currency: 'SAR' });
  });

  it('opens nothing for an accepted bid (free auction); shows a fee to its bidder only, on its site', async () => {
    const bidderId = randomUUID();
    const token = await tokenFor('user', { site: 'ae', sub: bidderId });
    const free = await placeBid(bidderId, { fee: 0, status: 'accepted' });
    const { bidId } = await placeBid(bidderId);
    await openedFee(bidId, token);
    expect(await h.count(`"payments" WHERE "bid_id" = $1`, [free.bidId])).toBe(0);
    await feeOf(free.bidId, token).expect(404);
    await feeOf(bidId, await tokenFor('user', { site: 'ae' })).expect(404);
    await feeOf(bidId, await tokenFor('user', { site: 'sa', sub: bidderId }), 'sa').expect(404);
    await feeOf(bidId, await tokenFor('company', { site: 'ae', sub: bidderId })).expect(403);
    await h.http().get(`/v1/bid-fees/${bidId}`).set('x-site', 'ae').expect(401);
    await feeOf('not-a-bid', token).expect(422);
  });

  it('gives a paid fee back when auctions says it is due (overtaken while paying), once however often it is said', async () => {
    const bidderId = randomUUID();
    const token = await tokenFor('user', { site: 'ae', sub: bidderId });
    const { bidId, auctionId } = await placeBid(bidderId);
    const fee = await openedFee(bidId, token);
    await h.decide(sessionOf(fee), 'pay');
    await expectEventually(
      async () => expect(await h.payment(fee.paymentId)).toMatchObject({ status: 'paid' }),
      SLOW,
    );
    const due = newEvent(bidFeeRefundDueV1, 'ae', auctionId, {
      paymentId: fee.paymentId,
      bidId,
      auctionId,
      bidderId,
      reason: 'overtaken',
    });
    await bus.publish(TOPICS.auctionsAuction, due);
    await bus.publish(TOPICS.auctionsAuction, due);
    const refunded = await h.refundedByEvent(fee.paymentId);
    expect(refunded.payload).toMatchObject({
      accountId: bidderId,
      purpose: 'bid_fee',
      amount: 500,
      by: null,
    });
    // The provider's charge.refunded webhook and the second delivery change nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(
      await h.count(
        `"outbox" WHERE "event"->>'type' = 'payments.payment.refunded' AND "event"->>'key' = $1`,
        [fee.paymentId],
      ),
    ).toBe(1);
    // A refund due for another site's or another bid's payment touches nothing.
    const other = await placeBid(bidderId, { site: 'sa' });
    const otherFee = await openedFee(
      other.bidId,
      await tokenFor('user', { site: 'sa', sub: bidderId }),
      'sa',
    );
    await h.decide(sessionOf(otherFee), 'pay');
    await expectEventually(
      async () => expect(await h.payment(otherFee.paymentId)).toMatchObject({ status: 'paid' }),
      SLOW,
    );
    await bus.publish(
      TOPICS.auctionsAuction,
      newEvent(bidFeeRefundDueV1, 'ae', other.auctionId, {
        paymentId: otherFee.paymentId,
        bidId: other.bidId,
        auctionId: other.auctionId,
        bidderId,
        reason: 'overtaken',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await h.payment(otherFee.paymentId)).toMatchObject({ status: 'paid' });
  });
});
