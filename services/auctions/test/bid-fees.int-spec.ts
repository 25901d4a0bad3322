import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { bidFeeFailedV1, bidFeePaidV1, TOPICS, type BidView, type Site } from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  serviceTestEnv,
  testNamespace,
  testRedisUrl,
  tokenFor,
  waitForEvent,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { insertAuction } from './fixtures.js';

/** The bus and the relay on a busy machine. */
const SLOW = { timeoutMs: 20_000, intervalMs: 100 };

describe('auctions: a pending bid accepted or rejected by payments’ bid fee events', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let dataSource: DataSource;
  let bus: EventBus;
  const namespace = testNamespace('auctions-fees');

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions_fees', buildDataSource);
    app = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
    dataSource = app.get(DataSource);
    bus = createEventBus({ clientId: 'auctions-fee-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  const http = () => request(app.getHttpServer());
  const bid = async (auctionId: string, token: string, amount: number, site: Site = 'ae') =>
    (
      await http()
        .post(`/v1/auctions/${auctionId}/bids`)
        .set('x-site', site)
        .set('authorization', `Bearer ${token}`)
        .send({ amount })
        .expect(201)
    ).body.results as BidView;
  const statusOf = async (bidId: string) => {
    const [row] = (await dataSource.query(`SELECT "status", "payment_status" FROM "bids" WHERE "id" = $1`, [
      bidId,
    ])) as { status: string; payment_status: string | null }[];
    return row;
  };
  const auctionRow = async (id: string) => {
    const [row] = (await dataSource.query(
      `SELECT "current_price", "leading_bid_id", "bid_count" FROM "auctions" WHERE "id" = $1`,
      [id],
    )) as { current_price: string | null; leading_bid_id: string | null; bid_count: number }[];
    return row;
  };
  /** The refunds auctions asked payments for, per bid: `bid.fee-refund-due` in its outbox. */
  const refundsDue = async (bidId: string) =>
    (
      (await dataSource.query(
        `SELECT "event"->'payload'->>'reason' AS "reason" FROM "outbox"
          WHERE "event"->>'type' = 'bid.fee-refund-due' AND "event"->'payload'->>'bidId' = $1`,
        [bidId],
      )) as { reason: string }[]
    ).map((r) => r.reason);
  /** Payments' word on the fee of `placed`. */
  const feeEvent = (placed: BidView, outcome: 'paid' | 'failed', site: Site = 'ae') => {
    const facts = {
      paymentId: randomUUID(),
      bidId: placed.id,
      auctionId: placed.auctionId,
      bidderId: randomUUID(),
      amount: 500,
      currency: site === 'ae' ? ('AED' as const) : ('SAR' as const),
    };
    return outcome === 'paid'
      ? newEvent(bidFeePaidV1, site, placed.auctionId, { ...facts, paidAt: new Date().toISOString() })
      : newEvent(bidFeeFailedV1, site, placed.auctionId, { ...facts, failedAt: new Date().toISOString() });
  };

  it('a paid fee accepts the pending bid once (event delivered twice): it leads, moves the price, outbids', async () => {
    const id = await insertAuction(dataSource, { biddingFee: 500, startingPrice: 1_000_000 });
    const alice = randomUUID();
    const bob = randomUUID();
    const free = await bid(id, await tokenFor('user', { site: 'ae', sub: alice }), 1_001_000);
    expect(free).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    const aliceFee = feeEvent(free, 'paid');
    await bus.publish(TOPICS.paymentsBidFee, aliceFee);
    await expectEventually(
      async () => expect(await statusOf(free.id)).toEqual({ status: 'accepted', payment_status: 'success' }),
      SLOW,
    );
    await bus.publish(TOPICS.paymentsBidFee, aliceFee);
    const placed = await bid(id, await tokenFor('user', { site: 'ae', sub: bob }), 1_010_000);
    await bus.publish(TOPICS.paymentsBidFee, feeEvent(placed, 'paid'));
    await expectEventually(async () => expect((await statusOf(placed.id)).status).toBe('accepted'), SLOW);
    expect(await auctionRow(id)).toEqual({
      current_price: '1010000.00',
      leading_bid_id: placed.id,
      bid_count: 2,
    });
    const outbid = await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'bid.outbid' && (e.payload as { newBidId: string }).newBidId === placed.id,
    );
    expect(outbid.payload).toMatchObject({
      previousBidId: free.id,
      previousBidderId: alice,
      newAmount: 1_010_000,
    });
  });

  it('rejects a bid whose fee failed, and one overtaken while its bidder paid; never two accepted at one amount', async () => {
    const id = await insertAuction(dataSource, { biddingFee: 500, startingPrice: 1_000_000 });
    const token = () => tokenFor('user', { site: 'ae', sub: randomUUID() });
    const failing = await bid(id, await token(), 1_001_000);
    const slow = await bid(id, await token(), 1_002_000);
    const fast = await bid(id, await token(), 1_002_000);
    const higher = await bid(id, await token(), 1_050_000);
    await bus.publish(TOPICS.paymentsBidFee, feeEvent(failing, 'failed'));
    await bus.publish(TOPICS.paymentsBidFee, feeEvent(fast, 'paid'));
    await bus.publish(TOPICS.paymentsBidFee, feeEvent(higher, 'paid'));
    await bus.publish(TOPICS.paymentsBidFee, feeEvent(slow, 'paid'));
    await expectEventually(async () => {
      expect(await statusOf(failing.id)).toEqual({ status: 'rejected', payment_status: 'failed' });
      expect(await statusOf(fast.id)).toEqual({ status: 'accepted', payment_status: 'success' });
      expect(await statusOf(higher.id)).toEqual({ status: 'accepted', payment_status: 'success' });
      // Same amount as an accepted one, and below the price by the time its fee came.
      expect(await statusOf(slow.id)).toEqual({ status: 'rejected', payment_status: 'success' });
    }, SLOW);
    expect(await auctionRow(id)).toMatchObject({
      current_price: '1050000.00',
      leading_bid_id: higher.id,
      bid_count: 2,
    });
    // The overtaken one paid for nothing: its fee is due back; no refund for the others.
    expect(await refundsDue(slow.id)).toEqual(['overtaken']);
    expect(await refundsDue(failing.id)).toEqual([]);
    expect(await refundsDue(fast.id)).toEqual([]);
  });

  it('a fee paid after the auction closed leaves the bid rejected, its payment recorded', async () => {
    const id = await insertAuction(dataSource, { biddingFee: 500 });
    const placed = await bid(id, await tokenFor('user', { site: 'ae' }), 1_001_000);
    await dataSource.query(
      `UPDATE "auctions" SET "ends_at" = now(), "starts_at" = now() - interval '1 hour' WHERE "id" = $1`,
      [id],
    );
    await bus.publish(TOPICS.paymentsBidFee, feeEvent(placed, 'paid'));
    await expectEventually(
      async () =>
        expect(await statusOf(placed.id)).toEqual({ status: 'rejected', payment_status: 'success' }),
      SLOW,
    );
    expect((await auctionRow(id)).bid_count).toBe(0);
    expect(await refundsDue(placed.id)).toEqual(['auction-over']);
  });

  it("lists the customer's auctions with their bids' states, paginated by auction, latest bid first", async () => {
    const me = randomUUID();
    const token = await tokenFor('user', { site: 'ae', sub: me });
    const first = await insertAuction(dataSource, { startingPrice: 1_000_000 });
    const second = await insertAuction(dataSource, { startingPrice: 2_000_000, biddingFee: 500 });
    await bid(first, token, 1_001_000);
    await bid(first, await tokenFor('user', { site: 'ae' }), 1_002_000);
    const mine = await bid(first, token, 1_003_000);
    const pending = await bid(second, token, 2_001_000);
    const page = (n: number) =>
      http()
        .get(`/v1/me/auctions?page=${n}&limit=1`)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${token}`)
        .expect(200);
    const one = (await page(1)).body.results;
    expect(one).toMatchObject({ page: 1, limit: 1, total: 2 });
    expect(one.items[0]).toMatchObject({ id: second, leading: false, myBidCount: 1, biddingFee: 500 });
    expect(one.items[0].myBids).toEqual([
      expect.objectContaining({ id: pending.id, status: 'pending', paymentStatus: 'pending' }),
    ]);
    const two = (await page(2)).body.results;
    expect(two.items[0]).toMatchObject({ id: first, leading: true, myBidCount: 2, currentPrice: 1_003_000 });
    expect(two.items[0].myBids.map((b: BidView) => [b.amount, b.status, b.leading])).toEqual([
      [1_003_000, 'accepted', true],
      [1_001_000, 'accepted', false],
    ]);
    expect(two.items[0].myBids[0].id).toBe(mine.id);
    expect((await page(3)).body.results).toMatchObject({ items: [], total: 2 });
    // Another customer has none; a Saudi token on the UAE site and an agent are refused.
    const other = await http()
      .get('/v1/me/auctions')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('user', { site: 'ae' })}`)
      .expect(200);
    expect(other.body.results).toMatchObject({ items: [], total: 0 });
    await http()
      .get('/v1/me/auctions')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('user', { site: 'sa', sub: me })}`)
      .expect(401);
    await http()
      .get('/v1/me/auctions')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('agent', { site: 'ae' })}`)
      .expect(403);
  });
});
