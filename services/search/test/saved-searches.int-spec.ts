import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import {
  listingApprovedV1,
  SAVED_SEARCH_LIMIT,
  TOPICS,
  type EventEnvelope,
  type PropertySummary,
  type Site,
} from '@manzil/contracts';
import {
  createMigratedDatabase,
  createTestApp,
  expectEventually,
  serviceTestEnv,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { SendSavedSearchDigests } from '../src/saved-searches/saved-search-digest.job.js';
import { listing } from './listings.js';

type Role = 'user' | 'agent' | 'company' | 'admin';

describe('search: saved searches and their alerts (issue 14 item 8)', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let bus: EventBus;
  let redis: Redis;
  let dataSource: DataSource;
  const namespace = testNamespace('search-saved');

  beforeAll(async () => {
    db = await createMigratedDatabase('search_saved', buildDataSource);
    app = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
    dataSource = app.get(DataSource);
    bus = createEventBus({ clientId: 'search-saved-test', redisUrl: testRedisUrl(), namespace });
    redis = new Redis(testRedisUrl());
  }, 60_000);

  afterAll(async () => {
    redis?.disconnect();
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  /** A request as `sub` with `role` on `site`; `.expect(status)` sends it. */
  const as = (
    role: Role,
    sub: string,
    site: Site,
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    body?: object,
    language = 'en',
  ) => ({
    expect: async (status: number) => {
      const token = await tokenFor(role, { site, sub });
      const call = request(app.getHttpServer())
        [method](path)
        .set('x-site', site)
        .set('language', language)
        .set('authorization', `Bearer ${token}`);
      return (body ? call.send(body) : call).expect(status);
    },
  });
  const search = (filters: object, frequency: 'instant' | 'daily' = 'instant', name = '2-bed flats') => ({
    name,
    frequency,
    link: '/buy/properties-for-sale?beds=2',
    filters,
  });
  /** Every saved-search.matched of one saved search on the bus so far. */
  const matchedEvents = async (savedSearchId: string) => {
    const entries = await redis.xrange(`${namespace}:${TOPICS.searchSavedSearch}`, '-', '+');
    return entries
      .map(([, fields]) => JSON.parse(fields[fields.indexOf('event') + 1]) as EventEnvelope)
      .filter((event) => (event.payload as { savedSearchId: string }).savedSearchId === savedSearchId);
  };
  const approve = (summary: PropertySummary) =>
    bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV1, summary.site, summary.id, summary));
  const inRead = (id: string) =>
    expectEventually(async () => {
      const rows = (await dataSource.query(`SELECT 1 FROM "listing_read" WHERE "id" = $1`, [
        id,
      ])) as unknown[];
      expect(rows).toHaveLength(1);
    });
  describe('the endpoints', () => {
    const customer = randomUUID();

    it('refuses visitors, and agents, companies and admins with a clear message', async () => {
      await request(app.getHttpServer()).get('/v1/saved-searches').set('x-site', 'ae').expect(401);
      for (const role of ['agent', 'company', 'admin'] as const) {
        const answer = await as(role, randomUUID(), 'ae', 'post', '/v1/saved-searches', search({})).expect(
          403,
        );
        expect(answer.body.results).toMatchObject({ code: 'SAVED_SEARCH_CUSTOMERS_ONLY' });
        expect(answer.body.message).toBe('Only customers can save searches.');
        await as(role, randomUUID(), 'ae', 'get', '/v1/saved-searches').expect(403);
      }
    });

    it('saves, lists own rows of the site only (paginated), renames, changes frequency and deletes', async () => {
      const first = await as(
        'user',
        customer,
        'ae',
        'post',
        '/v1/saved-searches',
        search({ bedrooms: [2] }),
      ).expect(201);
      expect(first.body.results).toMatchObject({
        name: '2-bed flats',
        frequency: 'instant',
        link: '/buy/properties-for-sale?beds=2',
        filters: { bedrooms: [2] },
        lastDigestAt: null,
      });
      const second = await as(
        'user',
        customer,
        'ae',
        'post',
        '/v1/saved-searches',
        search({ propertyType: 'rent' }, 'daily', 'Rentals'),
      ).expect(201);
      // Someone else's on ae, and mine on sa: neither is listed on ae.
      await as('user', randomUUID(), 'ae', 'post', '/v1/saved-searches', search({})).expect(201);
      await as('user', customer, 'sa', 'post', '/v1/saved-searches', search({})).expect(201);

      const page1 = await as('user', customer, 'ae', 'get', '/v1/saved-searches?page=1&limit=1').expect(200);
      expect(page1.body.results).toMatchObject({ page: 1, limit: 1, total: 2 });
      expect(page1.body.results.items.map((s: { name: string }) => s.name)).toEqual(['Rentals']);
      const page2 = await as('user', customer, 'ae', 'get', '/v1/saved-searches?page=2&limit=1').expect(200);
      expect(page2.body.results.items.map((s: { name: string }) => s.name)).toEqual(['2-bed flats']);

      const id = first.body.results.id as string;
      const patched = await as('user', customer, 'ae', 'patch', `/v1/saved-searches/${id}`, {
        frequency: 'daily',
        name: ' Two beds ',
      }).expect(200);
      expect(patched.body.results).toMatchObject({ id, frequency: 'daily', name: 'Two beds' });

      // Another customer's row, or mine from the other site: not found.
      await as('user', randomUUID(), 'ae', 'patch', `/v1/saved-searches/${id}`, {
        frequency: 'instant',
      }).expect(404);
      await as('user', customer, 'sa', 'delete', `/v1/saved-searches/${id}`).expect(404);
      await as('user', randomUUID(), 'ae', 'delete', `/v1/saved-searches/${id}`).expect(404);

      await as('user', customer, 'ae', 'delete', `/v1/saved-searches/${second.body.results.id}`).expect(200);
      const after = await as('user', customer, 'ae', 'get', '/v1/saved-searches').expect(200);
      expect(after.body.results.items.map((s: { id: string }) => s.id)).toEqual([id]);
    });

    it('refuses an empty name and a link off the site, naming the field', async () => {
      const answer = await as('user', customer, 'ae', 'post', '/v1/saved-searches', {
        ...search({}),
        name: '  ',
        link: '//evil.example/x',
      }).expect(422);
      const fields = (answer.body.results.fields as { field: string }[]).map((f) => f.field).sort();
      expect(fields).toEqual(['link', 'name']);
    });

    it(`keeps at most ${SAVED_SEARCH_LIMIT} per customer, with the message in the request's language`, async () => {
      const busy = randomUUID();
      for (let i = 0; i < SAVED_SEARCH_LIMIT; i++)
        await as('user', busy, 'sa', 'post', '/v1/saved-searches', search({}, 'instant', `s${i}`)).expect(
          201,
        );
      const refused = await as('user', busy, 'sa', 'post', '/v1/saved-searches', search({}), 'ar').expect(
        422,
      );
      expect(refused.body.results).toMatchObject({ code: 'SAVED_SEARCH_LIMIT_REACHED' });
      expect(refused.body.message).toContain('عملية بحث محفوظة');
      // The cap is per site: the same customer still saves on ae.
      await as('user', busy, 'ae', 'post', '/v1/saved-searches', search({})).expect(201);
    });
  });

  describe('alerts', () => {
    it('tells an instant search of a new matching listing and of its price drop, once each, and nothing else', async () => {
      const customer = randomUUID();
      const saved = await as(
        'user',
        customer,
        'ae',
        'post',
        '/v1/saved-searches',
        search({ propertyType: 'buy', bedrooms: [4], priceMax: 3_000_000 }),
      ).expect(201);
      const id = saved.body.results.id as string;
      const match = listing('ae', { bedrooms: 4, price: 2_900_000 });
      const tooDear = listing('ae', { bedrooms: 4, price: 3_100_000 });
      const otherSite = listing('sa', { bedrooms: 4, price: 2_000_000 });
      const event = newEvent(listingApprovedV1, 'ae', match.id, match);
      // Delivered twice: one alert.
      await bus.publish(TOPICS.listingsProperty, event);
      await bus.publish(TOPICS.listingsProperty, event);
      await approve(tooDear);
      await approve(otherSite);

      await expectEventually(async () => expect(await matchedEvents(id)).toHaveLength(1), {
        timeoutMs: 15_000,
      });
      const [first] = await matchedEvents(id);
      expect(first).toMatchObject({ type: 'saved-search.matched', version: 1, site: 'ae', key: id });
      expect(first.payload).toMatchObject({
        customerId: customer,
        name: '2-bed flats',
        frequency: 'instant',
        link: '/buy/properties-for-sale?beds=2',
        matches: [
          { listingId: match.id, slug: match.slug, reason: 'new', price: 2_900_000, previousPrice: null },
        ],
      });

      // The same price again (an accepted edit) is nothing new; a lower one is a price drop, even
      // when both approvals carry the same millisecond (as a fast machine gave once in CI).
      const renovated = newEvent(listingApprovedV1, 'ae', match.id, {
        ...match,
        title: { en: 'Marina apartment, renovated', ar: 'شقة مجددة' },
      });
      await bus.publish(TOPICS.listingsProperty, renovated);
      await bus.publish(TOPICS.listingsProperty, {
        ...newEvent(listingApprovedV1, 'ae', match.id, { ...match, price: 2_500_000 }),
        occurredAt: renovated.occurredAt,
      });
      await expectEventually(async () => expect(await matchedEvents(id)).toHaveLength(2), {
        timeoutMs: 15_000,
      });
      const [, drop] = await matchedEvents(id);
      expect(drop.payload).toMatchObject({
        matches: [{ listingId: match.id, reason: 'priceDrop', price: 2_500_000, previousPrice: 2_900_000 }],
      });
      // The dearer one coming down under the limit is a price drop of a matching listing too.
      await approve({ ...tooDear, price: 2_950_000 });
      await expectEventually(async () => expect(await matchedEvents(id)).toHaveLength(3), {
        timeoutMs: 15_000,
      });
      await inRead(otherSite.id);
      const events = await matchedEvents(id);
      expect(
        events.flatMap((e) =>
          (e.payload as { matches: { listingId: string }[] }).matches.map((m) => m.listingId),
        ),
      ).toEqual([match.id, match.id, tooDear.id]);
    });

    it('collects a daily search’s matches into one digest a day', async () => {
      const customer = randomUUID();
      const saved = await as(
        'user',
        customer,
        'sa',
        'post',
        '/v1/saved-searches',
        search({ propertyType: 'buy', bedrooms: [6] }, 'daily', 'Big villas'),
      ).expect(201);
      const id = saved.body.results.id as string;
      const a = listing('sa', { bedrooms: 6 });
      const b = listing('sa', { bedrooms: 6 });
      await approve(a);
      await approve(b);
      await expectEventually(async () => {
        const rows = (await dataSource.query(
          `SELECT count(*)::int AS n FROM "saved_search_match" WHERE "saved_search_id" = $1`,
          [id],
        )) as { n: number }[];
        expect(rows[0].n).toBe(2);
      });
      expect(await matchedEvents(id)).toHaveLength(0);

      const digests = app.get(SendSavedSearchDigests);
      const now = new Date();
      await digests.execute(now);
      await expectEventually(async () => expect(await matchedEvents(id)).toHaveLength(1), {
        timeoutMs: 15_000,
      });
      const [digest] = await matchedEvents(id);
      expect(digest.payload).toMatchObject({ frequency: 'daily', name: 'Big villas', customerId: customer });
      expect(
        (digest.payload as { matches: { listingId: string }[] }).matches.map((m) => m.listingId).sort(),
      ).toEqual([a.id, b.id].sort());

      // A new match the same day waits for tomorrow's digest.
      const c = listing('sa', { bedrooms: 6 });
      await approve(c);
      await inRead(c.id);
      await expectEventually(async () => {
        const rows = (await dataSource.query(
          `SELECT count(*)::int AS n FROM "saved_search_match" WHERE "saved_search_id" = $1 AND "digested_at" IS NULL`,
          [id],
        )) as { n: number }[];
        expect(rows[0].n).toBe(1);
      });
      await digests.execute(new Date(now.getTime() + 3_600_000));
      await digests.execute(new Date(now.getTime() + 24 * 3_600_000));
      await expectEventually(async () => expect(await matchedEvents(id)).toHaveLength(2), {
        timeoutMs: 15_000,
      });
      const [, next] = await matchedEvents(id);
      expect((next.payload as { matches: { listingId: string }[] }).matches.map((m) => m.listingId)).toEqual([
        c.id,
      ]);
      const listed = await as('user', customer, 'sa', 'get', '/v1/saved-searches').expect(200);
      expect(listed.body.results.items[0].lastDigestAt).toBe(
        new Date(now.getTime() + 24 * 3_600_000).toISOString(),
      );
    });
  });
});
