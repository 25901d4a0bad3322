import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  bidTooLowResultsSchema,
  ERROR_MESSAGES,
  fieldMessage,
  listingApprovedV1,
  listingApprovedV2,
  TOPICS,
  type EventEnvelope,
} from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  publishedProperty,
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
import { insertAuction, propertyCard } from './fixtures.js';

describe('auctions: detail, bids, withdrawal, my bids', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let dataSource: DataSource;
  let bus: EventBus;
  const namespace = testNamespace('auctions-bids');

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions_bids', buildDataSource);
    app = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
    dataSource = app.get(DataSource);
    bus = createEventBus({ clientId: 'auctions-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  const http = () => request(app.getHttpServer());
  const customer = (site: 'ae' | 'sa' = 'ae', sub = randomUUID()) => tokenFor('user', { site, sub });
  const bid = async (auctionId: string, token: string, amount: unknown, site = 'ae') =>
    http()
      .post(`/v1/auctions/${auctionId}/bids`)
      .set('x-site', site)
      .set('authorization', `Bearer ${token}`)
      .send({ amount });
  const onTopic = (predicate: (event: EventEnvelope) => boolean) =>
    waitForEvent(testRedisUrl(), namespace, TOPICS.auctionsAuction, predicate);

  it('shows the auction page with the property card copied from listing.approved, on its site only', async () => {
    const card = propertyCard('ae');
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV1, 'ae', card.id, card));
    const id = await insertAuction(dataSource, {
      propertyId: card.id,
      biddingFee: 500,
      startingPrice: 1_500_000,
    });
    const { body } = await expectEventually(async () => {
      const response = await http().get(`/v1/auctions/${id}`).set('x-site', 'ae').expect(200);
      expect(response.body.results.property).not.toBeNull();
      return response;
    });
    expect(body.results).toMatchObject({
      id,
      status: 'live',
      currentPrice: 1_500_000,
      minIncrement: 1_000,
      minimumBid: 1_501_000,
      biddingFee: 500,
      currency: 'AED',
      bidCount: 0,
      leading: null,
      property: card,
    });
    await http().get(`/v1/auctions/${id}`).set('x-site', 'sa').expect(404);
    await http().get(`/v1/auctions/${randomUUID()}`).set('x-site', 'ae').expect(404);
  });

  it('reads listing.approved v2, as listings publishes it now, for its v1 card', async () => {
    const card = propertyCard('sa');
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingApprovedV2, 'sa', card.id, publishedProperty(card)),
    );
    const id = await insertAuction(dataSource, { site: 'sa', propertyId: card.id });
    const { body } = await expectEventually(async () => {
      const response = await http().get(`/v1/auctions/${id}`).set('x-site', 'sa').expect(200);
      expect(response.body.results.property).not.toBeNull();
      return response;
    });
    expect(body.results.property).toEqual(card);
  });

  it('accepts a bid of at least the price plus the increment, moves the price and publishes bid.placed', async () => {
    const id = await insertAuction(dataSource, { startingPrice: 1_000_000, minIncrement: 5_000 });
    const first = await customer();
    const low = await bid(id, first, 1_004_999.99);
    expect(low.status).toBe(422);
    expect(low.body.message).toBe(ERROR_MESSAGES.VALIDATION_FAILED.en);
    expect(low.body.results.fields).toEqual([
      {
        field: 'amount',
        message: 'Bid price must be greater than the current price by at least the minimum increment.',
      },
    ]);
    // The refusal carries the price it was decided on: the bidder need not read the auction again.
    expect(bidTooLowResultsSchema.parse(low.body.results)).toEqual({
      code: 'VALIDATION_FAILED',
      fields: low.body.results.fields,
      price: {
        auctionId: id,
        currentPrice: 1_000_000,
        minimumBid: 1_005_000,
        bidCount: 0,
        leadingBidId: null,
        status: 'live',
      },
    });
    const accepted = await bid(id, first, '١٬٠٠٥٬٠٠٠');
    expect(accepted.status).toBe(201);
    expect(accepted.body.results).toMatchObject({
      amount: 1_005_000,
      status: 'accepted',
      paymentStatus: null,
      leading: true,
    });
    const detail = await http()
      .get(`/v1/auctions/${id}`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${first}`)
      .expect(200);
    expect(detail.body.results).toMatchObject({
      currentPrice: 1_005_000,
      minimumBid: 1_010_000,
      bidCount: 1,
      leading: true,
    });
    const placed = await onTopic(
      (e) => e.type === 'bid.placed' && (e.payload as { bidId: string }).bidId === accepted.body.results.id,
    );
    expect(placed).toMatchObject({ version: 1, site: 'ae', key: id });
    expect(placed.payload).toMatchObject({
      amount: 1_005_000,
      currentPrice: 1_005_000,
      status: 'accepted',
      currency: 'AED',
    });

    // The same amount again is too low now; the second bidder outbids the first.
    const second = await customer();
    const tooLow = await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'ae')
      .set('language', 'ar')
      .set('authorization', `Bearer ${second}`)
      .send({ amount: 1_005_000 });
    expect(tooLow.status).toBe(422);
    expect(tooLow.body.results).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ field: 'amount', message: fieldMessage('bid.tooLow', 'ar') }],
      price: {
        currentPrice: 1_005_000,
        minimumBid: 1_010_000,
        bidCount: 1,
        leadingBidId: accepted.body.results.id,
      },
    });
    const outbidding = await bid(id, second, 1_010_000);
    expect(outbidding.status).toBe(201);
    const outbid = await onTopic((e) => e.type === 'bid.outbid' && e.key === id);
    expect(outbid.payload).toMatchObject({
      previousBidId: accepted.body.results.id,
      previousAmount: 1_005_000,
      newBidId: outbidding.body.results.id,
      newAmount: 1_010_000,
    });
    const firstView = await http()
      .get(`/v1/auctions/${id}`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${first}`)
      .expect(200);
    expect(firstView.body.results.leading).toBe(false);
  });

  it('requires the bid price, in the request language', async () => {
    const id = await insertAuction(dataSource);
    const response = await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'ae')
      .set('language', 'ar')
      .set('authorization', `Bearer ${await customer()}`)
      .send({})
      .expect(422);
    expect(response.body.results.fields).toEqual([{ field: 'amount', message: 'يرجى إدخال قيمة المزايدة.' }]);
  });

  it('refuses bids before the start and after the end', async () => {
    const upcoming = await insertAuction(dataSource, { startsIn: 1, endsIn: 2 });
    const ended = await insertAuction(dataSource, { startsIn: -2, endsIn: -1 });
    for (const id of [upcoming, ended]) {
      const response = await bid(id, await customer(), 5_000_000);
      expect(response.status).toBe(422);
      expect(response.body.message).toBe('This auction is not open for bids.');
    }
  });

  it('lets only a customer of the auction’s site bid: 401, 403, 404', async () => {
    const id = await insertAuction(dataSource, { site: 'ae' });
    await http().post(`/v1/auctions/${id}/bids`).set('x-site', 'ae').send({ amount: 2_000_000 }).expect(401);
    for (const role of ['agent', 'company', 'admin'] as const) {
      const token = await tokenFor(role, { site: 'ae' });
      expect((await bid(id, token, 2_000_000)).status).toBe(403);
    }
    // A Saudi account on the UAE site is not signed in there; a Saudi customer does not see the UAE auction.
    expect((await bid(id, await customer('sa'), 2_000_000)).status).toBe(401);
    expect((await bid(id, await customer('sa'), 2_000_000, 'sa')).status).toBe(404);
    const count = await dataSource.query(`SELECT count(*)::int AS n FROM "bids" WHERE "auction_id" = $1`, [
      id,
    ]);
    expect(count[0].n).toBe(0);
  });

  it('keeps a bid with a fee pending, and refuses to withdraw it in English and Arabic', async () => {
    const id = await insertAuction(dataSource, { biddingFee: 250 });
    const token = await customer();
    const placed = await bid(id, token, 1_100_000);
    expect(placed.status).toBe(201);
    expect(placed.body.results).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      biddingFee: 250,
      leading: false,
    });
    // A pending bid does not move the price until its fee is paid.
    const detail = await http().get(`/v1/auctions/${id}`).set('x-site', 'ae').expect(200);
    expect(detail.body.results).toMatchObject({ currentPrice: 1_000_000, bidCount: 0 });
    const withdraw = (language: string) =>
      http()
        .post(`/v1/bids/${placed.body.results.id}/withdraw`)
        .set('x-site', 'ae')
        .set('language', language)
        .set('authorization', `Bearer ${token}`);
    const en = await withdraw('en').expect(422);
    expect(en.body.message).toBe('Your payment is still pending, you cannot withdraw it.');
    const ar = await withdraw('ar').expect(422);
    expect(ar.body.message).toBe('دفعتك لا تزال قيد المعالجة، لا يمكنك سحب المزايدة.');
  });

  it('withdraws an accepted bid: the lead goes back to the next highest; only its bidder may', async () => {
    const id = await insertAuction(dataSource, { startingPrice: 100_000 });
    const aliceId = randomUUID();
    const [alice, bob] = [await customer('ae', aliceId), await customer()];
    const low = (await bid(id, alice, 101_000)).body.results;
    const high = (await bid(id, bob, 150_000)).body.results;
    // Alice may not withdraw Bob's bid; a Saudi customer does not find it.
    await http()
      .post(`/v1/bids/${high.id}/withdraw`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${alice}`)
      .expect(403);
    await http()
      .post(`/v1/bids/${high.id}/withdraw`)
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${await customer('sa')}`)
      .expect(404);
    await http().post(`/v1/bids/${high.id}/withdraw`).set('x-site', 'ae').expect(401);
    const withdrawn = await http()
      .post(`/v1/bids/${high.id}/withdraw`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${bob}`)
      .expect(200);
    expect(withdrawn.body.results.status).toBe('withdrawn');
    const detail = await http()
      .get(`/v1/auctions/${id}`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${alice}`)
      .expect(200);
    expect(detail.body.results).toMatchObject({ currentPrice: 101_000, bidCount: 1, leading: true });
    // Twice is refused; the amount of a withdrawn bid may be bid again.
    await http()
      .post(`/v1/bids/${high.id}/withdraw`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${bob}`)
      .expect(422);
    const again = await bid(id, bob, 150_000);
    expect(again.status).toBe(201);
    expect(low.leading).toBe(true);
    // The lead handed back to Alice is the one outbid now (the leader is kept on the auction's row).
    const outbid = await onTopic(
      (e) =>
        e.type === 'bid.outbid' && (e.payload as { newBidId?: string }).newBidId === again.body.results.id,
    );
    expect(outbid.payload).toMatchObject({
      previousBidId: low.id,
      previousBidderId: aliceId,
      previousAmount: 101_000,
      newAmount: 150_000,
    });
  });

  it("lists the customer's own bids of the site with their auctions, paginated, newest first", async () => {
    const me = randomUUID();
    const token = await customer('ae', me);
    const a1 = await insertAuction(dataSource, { startingPrice: 10_000 });
    const a2 = await insertAuction(dataSource, { startingPrice: 20_000, biddingFee: 100 });
    await bid(a1, token, 11_000);
    await bid(a2, token, 21_000);
    await bid(a1, await customer(), 12_000);
    await bid(a1, token, 13_000);
    const page1 = await http()
      .get('/v1/me/bids?page=1&limit=2')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(page1.body.results.total).toBe(3);
    expect(page1.body.results.items.map((b: { amount: number }) => b.amount)).toEqual([13_000, 21_000]);
    expect(page1.body.results.items[0]).toMatchObject({
      leading: true,
      status: 'accepted',
      auction: { id: a1, currentPrice: 13_000 },
    });
    expect(page1.body.results.items[1]).toMatchObject({
      status: 'pending',
      paymentStatus: 'pending',
      auction: { id: a2 },
    });
    const page2 = await http()
      .get('/v1/me/bids?page=2&limit=2')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(page2.body.results.items).toHaveLength(1);
    expect(page2.body.results.items[0]).toMatchObject({ amount: 11_000, leading: false });
    const sa = await http()
      .get('/v1/me/bids')
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${await customer('sa', me)}`)
      .expect(200);
    expect(sa.body.results.total).toBe(0);
    await http().get('/v1/me/bids').set('x-site', 'ae').expect(401);
    await http()
      .get('/v1/me/bids')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('agent')}`)
      .expect(403);
  });

  /**
   * The ladder of an auction after a burst of bids: every 201 stored and every stored bid
   * answered 201, each accepted one strictly higher than the one before in the order they were
   * accepted, no amount twice, the row's price and count at the top, each `bid.outbid` naming
   * the bid accepted just before it.
   */
  async function expectLadder(id: string, responses: request.Response[]): Promise<void> {
    expect(responses.map((r) => r.status).filter((s) => s !== 201 && s !== 422)).toEqual([]);
    const created = responses.filter((r) => r.status === 201).map((r) => r.body.results.id as string);
    // In the order the lock was granted: the outbox id of each bid's `bid.placed` is drawn under
    // it (a bid's created_at is its transaction's start, which need not follow that order).
    const rows = (await dataSource.query(
      `SELECT b."id", b."amount"::float AS "amount", b."status", b."bidder_id"
         FROM "bids" b JOIN "outbox" o ON o."event"->>'type' = 'bid.placed' AND o."event"->'payload'->>'bidId' = b."id"::text
        WHERE b."auction_id" = $1 ORDER BY o."id"`,
      [id],
    )) as { id: string; amount: number; status: string; bidder_id: string }[];
    // Every 201 is a stored bid, and every stored bid had its 201.
    expect(rows.map((r) => r.id).sort()).toEqual([...created].sort());
    // In the order they were accepted, each is strictly higher than the one before.
    const accepted = rows.filter((r) => r.status === 'accepted').map((r) => r.amount);
    expect(accepted.length).toBeGreaterThan(0);
    for (let i = 1; i < accepted.length; i++) expect(accepted[i]).toBeGreaterThan(accepted[i - 1]);
    expect(new Set(accepted).size).toBe(accepted.length);
    const detail = await http().get(`/v1/auctions/${id}`).set('x-site', 'ae').expect(200);
    expect(detail.body.results).toMatchObject({
      currentPrice: Math.max(...accepted),
      bidCount: accepted.length,
    });
    // Each bid's events were built from the row it replaced: its `bid.outbid` names the bid
    // accepted just before it (when another bidder's), never an older one read before a
    // concurrent bid moved the row.
    const ladder = rows.filter((r) => r.status === 'accepted');
    const expected = ladder.flatMap((row, i) =>
      i > 0 && ladder[i - 1].bidder_id !== row.bidder_id
        ? [
            {
              newBidId: row.id,
              previousBidId: ladder[i - 1].id,
              previousBidderId: ladder[i - 1].bidder_id,
              previousAmount: ladder[i - 1].amount,
            },
          ]
        : [],
    );
    const outbid = (await dataSource.query(
      `SELECT o."event"->'payload' AS "payload" FROM "outbox" o
        WHERE o."event"->>'type' = 'bid.outbid' AND o."event"->'payload'->>'auctionId' = $1 ORDER BY o."id"`,
      [id],
    )) as { payload: Record<string, unknown> }[];
    expect(
      outbid.map(({ payload }) => ({
        newBidId: payload.newBidId,
        previousBidId: payload.previousBidId,
        previousBidderId: payload.previousBidderId,
        previousAmount: payload.previousAmount,
      })),
    ).toEqual(expected);
  }

  it('serializes concurrent bids: none lost, each accepted one strictly higher, no amount accepted twice', async () => {
    const id = await insertAuction(dataSource, { startingPrice: 1_000_000, minIncrement: 1_000 });
    const bidders = await Promise.all(Array.from({ length: 12 }, () => customer()));
    // 60 bids at once, many at the same amounts: each either is placed with an amount still
    // high enough (201) or finds the price already past it (422). Never a 5xx.
    const amounts = Array.from({ length: 60 }, (_, i) => 1_001_000 + (i % 20) * 1_000);
    const responses = await Promise.all(
      amounts.map((amount, i) => bid(id, bidders[i % bidders.length], amount)),
    );
    await expectLadder(id, responses);
  });

  it('serializes concurrent bids across two replicas: each one’s line is checked against the other’s writes', async () => {
    // A second replica on the same database: its line of bids knows nothing of this one's, so
    // only the compare-and-set on the row's version keeps the ladder (it fails without it).
    const replica = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
    try {
      const id = await insertAuction(dataSource, { startingPrice: 1_000_000, minIncrement: 1_000 });
      const bidders = await Promise.all(Array.from({ length: 12 }, () => customer()));
      const amounts = Array.from({ length: 80 }, (_, i) => 1_001_000 + (i % 20) * 1_000);
      const responses = await Promise.all(
        amounts.map((amount, i) =>
          request(i % 2 === 0 ? app.getHttpServer() : replica.getHttpServer())
            .post(`/v1/auctions/${id}/bids`)
            .set('x-site', 'ae')
            .set('authorization', `Bearer ${bidders[i % bidders.length]}`)
            .send({ amount }),
        ),
      );
      // Both replicas placed bids: the test did race them.
      for (const parity of [0, 1])
        expect(responses.some((r, i) => i % 2 === parity && r.status === 201)).toBe(true);
      await expectLadder(id, responses);
    } finally {
      await replica.close();
    }
  });

  it('keeps the row true when withdrawals race concurrent bids: price, leader and count are the accepted bids’ top', async () => {
    const id = await insertAuction(dataSource, { startingPrice: 1_000_000, minIncrement: 1_000 });
    // Three leaders-to-be each place one bid first, then withdraw it while 60 others bid.
    const early = await Promise.all(Array.from({ length: 3 }, () => customer()));
    const placed: { token: string; id: string }[] = [];
    for (const [i, token] of early.entries()) {
      const response = await bid(id, token, 1_001_000 + i * 1_000);
      expect(response.status).toBe(201);
      placed.push({ token, id: response.body.results.id as string });
    }
    const bidders = await Promise.all(Array.from({ length: 12 }, () => customer()));
    const responses = await Promise.all([
      ...placed.map(({ token, id: bidId }) =>
        http().post(`/v1/bids/${bidId}/withdraw`).set('x-site', 'ae').set('authorization', `Bearer ${token}`),
      ),
      ...Array.from({ length: 60 }, (_, i) =>
        bid(id, bidders[i % bidders.length], 1_002_000 + (i % 20) * 1_000),
      ),
    ]);
    // A withdrawal succeeds, or finds its bid no longer withdrawable: never a 5xx.
    expect(responses.map((r) => r.status).filter((s) => ![200, 201, 422].includes(s))).toEqual([]);
    const accepted = (await dataSource.query(
      `SELECT "id", "amount"::float AS "amount", "bidder_id" FROM "bids"
        WHERE "auction_id" = $1 AND "status" = 'accepted' ORDER BY "amount" DESC`,
      [id],
    )) as { id: string; amount: number; bidder_id: string }[];
    expect(new Set(accepted.map((row) => row.amount)).size).toBe(accepted.length);
    const [row] = (await dataSource.query(
      `SELECT "current_price"::float AS "price", "leading_bid_id", "leading_bidder_id", "bid_count"
         FROM "auctions" WHERE "id" = $1`,
      [id],
    )) as {
      price: number | null;
      leading_bid_id: string | null;
      leading_bidder_id: string | null;
      bid_count: number;
    }[];
    expect(row).toEqual({
      price: accepted[0]?.amount ?? null,
      leading_bid_id: accepted[0]?.id ?? null,
      leading_bidder_id: accepted[0]?.bidder_id ?? null,
      bid_count: accepted.length,
    });
  });
});
