import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { listingApprovedV1, TOPICS, type EventEnvelope } from '@manzil/contracts';
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
import { CloseAuction } from '../src/closing/close-auction.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { insertAuction, propertyCard } from './fixtures.js';

describe('auctions: the closing job', () => {
  let db: TestDatabase;
  let app: INestApplication | undefined;
  let bus: EventBus;
  const namespace = testNamespace('auctions-closing');
  const start = () => createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions_closing', buildDataSource);
    app = await start();
    bus = createEventBus({ clientId: 'auctions-closing-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  const closedEvents = async (auctionId: string) => {
    const redis = new Redis(testRedisUrl());
    try {
      const entries = await redis.xrange(`${namespace}:${TOPICS.auctionsAuction}`, '-', '+');
      return entries
        .map(([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]) as EventEnvelope)
        .filter((e) => e.type === 'auction.closed' && e.key === auctionId);
    } finally {
      redis.disconnect();
    }
  };

  it('an auction created by an admin to end in about a second closes by itself, its highest bid winning', async () => {
    const card = propertyCard('ae');
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV1, 'ae', card.id, card));
    const admin = await tokenFor('admin', { site: 'ae' });
    const body = (endsInMs: number) => ({
      propertyId: card.id,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + endsInMs).toISOString(),
      startingPrice: 500_000,
      minIncrement: 500,
    });
    const http = () => request(app!.getHttpServer());
    const created = await expectEventually(async () => {
      const response = await http()
        .post('/v1/admin/auctions')
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${admin}`)
        .send(body(1_500));
      expect(response.status).toBe(201);
      return response;
    });
    const id = created.body.results.id as string;
    const bidder = await tokenFor('user', { site: 'ae' });
    const placed = await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${bidder}`)
      .send({ amount: 500_500 });
    // The bid may come after the end on a slow machine: the closing then has no winner.
    const winner = placed.status === 201 ? placed.body.results.id : null;
    const closed = await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'auction.closed' && e.key === id,
      10_000,
    );
    expect((closed.payload as { winner: { bidId: string } | null }).winner?.bidId ?? null).toBe(winner);
    const detail = await http().get(`/v1/auctions/${id}`).set('x-site', 'ae').expect(200);
    expect(detail.body.results.status).toBe('closed');
    expect(detail.body.results.closedAt).not.toBeNull();
    expect(detail.body.results.winningPrice).toBe(winner ? 500_500 : null);
    const late = await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${bidder}`)
      .send({ amount: 900_000 });
    expect(late.status).toBe(422);
  });

  it('only an admin of the property’s site creates an auction', async () => {
    const card = propertyCard('sa');
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV1, 'sa', card.id, card));
    const body = {
      propertyId: card.id,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      startingPrice: 800_000,
    };
    const post = (site: string, token?: string) => {
      const req = request(app!.getHttpServer()).post('/v1/admin/auctions').set('x-site', site);
      return (token ? req.set('authorization', `Bearer ${token}`) : req).send(body);
    };
    await post('sa').expect(401);
    await post('sa', await tokenFor('user', { site: 'sa' })).expect(403);
    await post('sa', await tokenFor('company', { site: 'sa' })).expect(403);
    await post('sa', await tokenFor('admin', { site: 'ae' })).expect(401);
    // A UAE admin on the UAE site cannot auction a Saudi property.
    await post('ae', await tokenFor('admin', { site: 'ae' })).expect(422);
    await expectEventually(async () => {
      await post('sa', await tokenFor('admin', { site: 'sa' })).expect(201);
    });
  });

  it('closes on start an auction that ended while the service was down, and closing twice publishes once', async () => {
    await app!.close();
    app = undefined;
    const dataSource = buildDataSource(db.url);
    await dataSource.initialize();
    let id: string;
    try {
      id = await insertAuction(dataSource, { startsIn: -3, endsIn: -1, startingPrice: 70_000 });
      const [{ id: bidId }] = (await dataSource.query(
        `INSERT INTO "bids" ("auction_id", "site", "bidder_id", "amount", "status") VALUES ($1, 'ae', gen_random_uuid(), 75000, 'accepted') RETURNING "id"`,
        [id],
      )) as { id: string }[];
      await dataSource.query(
        `UPDATE "auctions" SET "current_price" = 75000, "leading_bid_id" = $2, "bid_count" = 1 WHERE "id" = $1`,
        [id, bidId],
      );
    } finally {
      await dataSource.destroy();
    }
    app = await start();
    const closed = await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'auction.closed' && e.key === id,
      10_000,
    );
    expect(closed.payload).toMatchObject({ winner: { amount: 75_000 }, currency: 'AED' });
    expect(await app.get(CloseAuction).execute(id)).toBe('already-closed');
    const rows = await app.get(DataSource).query(`SELECT "closed_at" FROM "auctions" WHERE "id" = $1`, [id]);
    expect(rows[0].closed_at).not.toBeNull();
    // Give the relay its pass, then count: one auction.closed however often closing ran.
    await expectEventually(async () => {
      const pending = await app!
        .get(DataSource)
        .query(`SELECT count(*)::int AS n FROM "outbox" WHERE "published_at" IS NULL`);
      expect(pending[0].n).toBe(0);
    });
    expect(await closedEvents(id)).toHaveLength(1);
  });
});
