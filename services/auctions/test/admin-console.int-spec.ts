import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  listingApprovedV1,
  listingWithdrawnV1,
  TOPICS,
  type EventEnvelope,
  type Site,
} from '@manzil/contracts';
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
import { propertyCard } from './fixtures.js';

describe('auctions: the admin console (accepted properties, schedule, reschedule, cancel)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let bus: EventBus;
  const namespace = testNamespace('auctions-admin');
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions_admin', buildDataSource);
    app = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
    bus = createEventBus({ clientId: 'auctions-admin-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  /** A property listings accepted: its `listing.approved`, then until the read model has it. */
  async function accepted(site: Site, overrides = {}) {
    const card = propertyCard(site, overrides);
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV1, site, card.id, card));
    const token = await tokenFor('admin', { site });
    await expectEventually(async () => {
      const page = await http()
        .get(`/v1/admin/auctionable-properties?q=${encodeURIComponent(card.slug)}`)
        .set('x-site', site)
        .set('authorization', `Bearer ${token}`)
        .expect(200);
      expect(page.body.results.items.map((p: { id: string }) => p.id)).toEqual([card.id]);
    });
    return card;
  }

  const create = (site: Site, token: string, body: Record<string, unknown>, language = 'en') =>
    http()
      .post('/v1/admin/auctions')
      .set('x-site', site)
      .set('language', language)
      .set('authorization', `Bearer ${token}`)
      .send(body);

  const jobIds = async () => {
    const redis = new Redis(testRedisUrl());
    try {
      const keys = await redis.keys(`bull:${namespace}:auctions-jobs:auction-closing:close-*`);
      return keys.map((key) => key.split(':').pop()!);
    } finally {
      redis.disconnect();
    }
  };

  it('auctions only an accepted property for sale of the site, one auction at a time', async () => {
    const admin = await tokenFor('admin', { site: 'ae' });
    const card = await accepted('ae');
    const rental = propertyCard('ae', { propertyType: 'rent' });
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV1, 'ae', rental.id, rental));
    const body = {
      propertyId: card.id,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      startingPrice: '١٬٥٠٠٬٠٠٠',
      minIncrement: 5_000,
      biddingFee: 250,
    };
    const created = await create('ae', admin, body).expect(201);
    expect(created.body.results).toMatchObject({
      status: 'upcoming',
      startingPrice: 1_500_000,
      biddingFee: 250,
    });
    // Listed as upcoming for the public, and in the console.
    const upcoming = await http().get('/v1/auctions?status=upcoming').set('x-site', 'ae').expect(200);
    expect(upcoming.body.results.items.map((a: { id: string }) => a.id)).toContain(created.body.results.id);
    const second = await create('ae', admin, body, 'ar').expect(422);
    expect(second.body.results.fields).toEqual([
      { field: 'propertyId', message: 'يرجى اختيار عقار مقبول على هذا الموقع.' },
    ]);
    const picker = await http()
      .get('/v1/admin/auctionable-properties')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${admin}`)
      .expect(200);
    const ids = picker.body.results.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(card.id);
    expect(ids).not.toContain(rental.id);
    expect(picker.body.results.items.find((p: { id: string }) => p.id === card.id).openAuctionId).toBe(
      created.body.results.id,
    );
    // Withdrawn by listings (sold): no longer offered, no longer auctionable.
    const other = await accepted('ae');
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingWithdrawnV1, 'ae', other.id, { id: other.id, reason: 'sold' }),
    );
    // Wait on the picker, not on a create: a create that wins the race with the withdrawal makes
    // an auction the withdrawal then cancels, which the cancel test below would find in its list.
    await expectEventually(async () => {
      const page = await http()
        .get(`/v1/admin/auctionable-properties?q=${encodeURIComponent(other.slug)}`)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${admin}`)
        .expect(200);
      expect(page.body.results.items).toEqual([]);
    });
    await create('ae', admin, { ...body, propertyId: other.id }).expect(422);
    // Only an admin, of this site.
    await create('ae', await tokenFor('user', { site: 'ae' }), body).expect(403);
    await http()
      .get('/v1/admin/auctions')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('company', { site: 'ae' })}`)
      .expect(403);
    await http().get('/v1/admin/auctions').set('x-site', 'ae').expect(401);
  });

  it('reschedules: the closing job follows the new end; the start is fixed once live; errors in the user’s language', async () => {
    const admin = await tokenFor('admin', { site: 'sa' });
    const card = await accepted('sa');
    const startsAt = new Date(Date.now() - 60_000).toISOString();
    const created = await create('sa', admin, {
      propertyId: card.id,
      startsAt,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      startingPrice: 900_000,
    }).expect(201);
    const id = created.body.results.id as string;
    const oldEnd = Date.parse(created.body.results.endsAt);
    await expectEventually(async () => expect(await jobIds()).toContain(`close-${id}-${oldEnd}`));

    const schedule = (body: object, language = 'en') =>
      http()
        .post(`/v1/admin/auctions/${id}/schedule`)
        .set('x-site', 'sa')
        .set('language', language)
        .set('authorization', `Bearer ${admin}`)
        .send(body);
    const moved = await schedule(
      {
        startsAt: new Date(Date.now() + 60_000).toISOString(),
        endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      },
      'ar',
    ).expect(422);
    expect(moved.body.results.fields).toEqual([
      { field: 'startsAt', message: 'بدأ المزاد: لم يعد بالإمكان تغيير بدايته.' },
    ]);

    // Ends in 1.5 s: the old job is gone, the new one closes it.
    const newEnd = new Date(Date.now() + 1_500);
    const rescheduled = await schedule({ startsAt, endsAt: newEnd.toISOString() }).expect(200);
    expect(rescheduled.body.results).toMatchObject({ adminStatus: 'live', endsAt: newEnd.toISOString() });
    expect(await jobIds()).not.toContain(`close-${id}-${oldEnd}`);
    await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'auction.closed' && e.key === id,
      15_000,
    );
    await schedule({ startsAt, endsAt: new Date(Date.now() + 3_600_000).toISOString() }).expect(422);
    // Another site's admin does not find it.
    await http()
      .post(`/v1/admin/auctions/${id}/schedule`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${await tokenFor('admin', { site: 'ae' })}`)
      .send({ startsAt, endsAt: new Date(Date.now() + 3_600_000).toISOString() })
      .expect(404);
  });

  it('cancels: bids rejected, auction.canceled with every bidder, no bid and no closing after, gone from the public lists', async () => {
    const admin = await tokenFor('admin', { site: 'ae' });
    const card = await accepted('ae');
    const created = await create('ae', admin, {
      propertyId: card.id,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_000).toISOString(),
      startingPrice: 100_000,
      minIncrement: 1_000,
    }).expect(201);
    const id = created.body.results.id as string;
    const bidder = await tokenFor('user', { site: 'ae' });
    const bid = await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${bidder}`)
      .send({ amount: 101_000 })
      .expect(201);
    const canceled = await http()
      .post(`/v1/admin/auctions/${id}/cancel`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${admin}`)
      .send({ reason: 'Owner withdrew' })
      .expect(200);
    expect(canceled.body.results).toMatchObject({ adminStatus: 'canceled', cancelReason: 'Owner withdrew' });
    const event = await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'auction.canceled' && e.key === id,
    );
    expect((event as EventEnvelope<{ bidderIds: string[] }>).payload.bidderIds).toHaveLength(1);
    const again = await http()
      .post(`/v1/admin/auctions/${id}/cancel`)
      .set('x-site', 'ae')
      .set('language', 'ar')
      .set('authorization', `Bearer ${admin}`)
      .send({})
      .expect(422);
    expect(again.body.message).toBe('انتهى هذا المزاد أو أُلغي بالفعل: لم يعد بالإمكان إلغاؤه.');
    await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${bidder}`)
      .send({ amount: 200_000 })
      .expect((r) => expect([404, 422]).toContain(r.status));
    const [row] = (await app
      .get(DataSource)
      .query(`SELECT "status" FROM "bids" WHERE "id" = $1`, [bid.body.results.id])) as {
      status: string;
    }[];
    expect(row.status).toBe('rejected');
    await http().get(`/v1/auctions/${id}`).set('x-site', 'ae').expect(404);
    const list = await http().get('/v1/auctions').set('x-site', 'ae').expect(200);
    expect(list.body.results.items.map((a: { id: string }) => a.id)).not.toContain(id);
    const consoleList = await http()
      .get('/v1/admin/auctions?status=canceled')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${admin}`)
      .expect(200);
    expect(consoleList.body.results.items.map((a: { id: string }) => a.id)).toEqual([id]);
    // Past its old end nothing closes it again: no auction.closed.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const redis = new Redis(testRedisUrl());
    try {
      const entries = await redis.xrange(`${namespace}:${TOPICS.auctionsAuction}`, '-', '+');
      const closed = entries
        .map(([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]) as EventEnvelope)
        .filter((e) => e.type === 'auction.closed' && e.key === id);
      expect(closed).toEqual([]);
    } finally {
      redis.disconnect();
    }
    // The property can be auctioned again.
    await create('ae', admin, {
      propertyId: card.id,
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      startingPrice: 100_000,
    }).expect(201);
  });

  it('cancels a running auction whose listing is withdrawn (auction.canceled v2, bidders named); an ended one is left to close', async () => {
    const admin = await tokenFor('admin', { site: 'sa' });
    const card = await accepted('sa');
    const running = await create('sa', admin, {
      propertyId: card.id,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      startingPrice: 500_000,
      minIncrement: 5_000,
    }).expect(201);
    const id = running.body.results.id as string;
    const bidder = await tokenFor('user', { site: 'sa' });
    const bid = await http()
      .post(`/v1/auctions/${id}/bids`)
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${bidder}`)
      .send({ amount: 505_000 })
      .expect(201);
    // The owner marks it sold: listings publishes listing.withdrawn, twice by redelivery.
    const withdrawn = newEvent(listingWithdrawnV1, 'sa', card.id, { id: card.id, reason: 'sold' });
    await bus.publish(TOPICS.listingsProperty, withdrawn);
    await bus.publish(TOPICS.listingsProperty, withdrawn);
    const event = (await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'auction.canceled' && e.key === id,
    )) as EventEnvelope<{ by: string | null; cause: string; reason: string; bidderIds: string[] }>;
    expect(event.version).toBe(2);
    expect(event.payload).toMatchObject({ by: null, cause: 'listing-withdrawn', reason: 'sold' });
    expect(event.payload.bidderIds).toHaveLength(1);
    const [row] = (await app
      .get(DataSource)
      .query(`SELECT "status" FROM "bids" WHERE "id" = $1`, [bid.body.results.id])) as { status: string }[];
    expect(row.status).toBe('rejected');
    await http().get(`/v1/auctions/${id}`).set('x-site', 'sa').expect(404);
    const consoleList = await http()
      .get('/v1/admin/auctions?status=canceled')
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${admin}`)
      .expect(200);
    expect(consoleList.body.results.items).toEqual([
      expect.objectContaining({ id, adminStatus: 'canceled', cancelReason: 'sold' }),
    ]);
    // Once, however often the event came.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const canceledEvents = (await app
      .get(DataSource)
      .query(
        `SELECT count(*)::int AS "n" FROM "outbox" WHERE "event"->>'type' = 'auction.canceled' AND "event"->>'key' = $1`,
        [id],
      )) as { n: number }[];
    expect(canceledEvents[0].n).toBe(1);

    // An auction that has ended (its winner may be the buyer) is not cancelled by a sale.
    const other = await accepted('sa');
    const ended = await create('sa', admin, {
      propertyId: other.id,
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 1_500).toISOString(),
      startingPrice: 500_000,
    }).expect(201);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingWithdrawnV1, 'sa', other.id, { id: other.id, reason: 'sold' }),
    );
    await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.auctionsAuction,
      (e) => e.type === 'auction.closed' && e.key === ended.body.results.id,
    );
    const [endedRow] = (await app
      .get(DataSource)
      .query(`SELECT "canceled_at" FROM "auctions" WHERE "id" = $1`, [ended.body.results.id])) as {
      canceled_at: Date | null;
    }[];
    expect(endedRow.canceled_at).toBeNull();
  });
});
