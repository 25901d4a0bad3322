import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import {
  listingApprovedV1,
  listingApprovedV2,
  listingDeactivatedV1,
  listingDeactivatedV2,
  listingSoldV1,
  listingWithdrawnV1,
  TOPICS,
  type PropertySummary,
} from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import {
  createTestApp,
  createMigratedDatabase,
  expectEventually,
  publishedProperty,
  testJwksUrl,
  testNamespace,
  testRedisUrl,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { listing } from './listings.js';

describe('search: read model fed by listing events', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let bus: EventBus;
  let dataSource: DataSource;
  const namespace = testNamespace('search');

  beforeAll(async () => {
    db = await createMigratedDatabase('search', buildDataSource);
    const config = envSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      BUS_NAMESPACE: namespace,
      JWT_JWKS_URL: testJwksUrl(),
      PORT: 0,
    });
    app = await createTestApp(AppModule.forRoot(config));
    dataSource = app.get(DataSource);
    bus = createEventBus({ clientId: 'search-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  const approved = (summary: PropertySummary) =>
    newEvent(listingApprovedV1, summary.site, summary.id, summary);
  const list = (site: 'ae' | 'sa', query = '') =>
    request(app.getHttpServer()).get(`/v1/properties${query}`).set('x-site', site).expect(200);
  const ids = (body: { results: { items: { id: string }[] } }) => body.results.items.map((item) => item.id);
  const rowCount = async (id: string) =>
    Number((await dataSource.query(`SELECT count(*) AS n FROM "listing_read" WHERE "id" = $1`, [id]))[0].n);

  it('shows an approved listing on its own site only', async () => {
    const summary = listing('ae');
    await bus.publish(TOPICS.listingsProperty, approved(summary));
    const { body } = await expectEventually(async () => {
      const response = await list('ae');
      expect(ids(response.body)).toContain(summary.id);
      return response;
    });
    expect(body.results.items.find((item: { id: string }) => item.id === summary.id)).toMatchObject(summary);
    expect(ids((await list('sa')).body)).not.toContain(summary.id);
  });

  it('applies a duplicate delivery once, and a later event of the same listing replaces it', async () => {
    const summary = listing('sa');
    const event = approved(summary);
    await bus.publish(TOPICS.listingsProperty, event);
    await bus.publish(TOPICS.listingsProperty, event);
    const repriced = newEvent(listingApprovedV1, 'sa', summary.id, { ...summary, price: 1_400_000 });
    await bus.publish(TOPICS.listingsProperty, repriced);
    await expectEventually(async () => {
      const inbox = await dataSource.query(
        `SELECT count(*) AS n FROM "inbox" WHERE "event_id" = ANY($1::uuid[])`,
        [[event.id, repriced.id]],
      );
      expect(Number(inbox[0].n)).toBe(2);
    });
    expect(await rowCount(summary.id)).toBe(1);
    const item = (await list('sa')).body.results.items.find((i: { id: string }) => i.id === summary.id);
    expect(item.price).toBe(1_400_000);

    // An old event replayed under a new id (a republish) does not undo the newer state.
    const stale = { ...event, id: newEvent(listingApprovedV1, 'sa', summary.id, summary).id };
    await bus.publish(TOPICS.listingsProperty, stale);
    await expectEventually(async () => {
      const inbox = await dataSource.query(`SELECT 1 FROM "inbox" WHERE "event_id" = $1`, [stale.id]);
      expect(inbox).toHaveLength(1);
    });
    const after = (await list('sa')).body.results.items.find((i: { id: string }) => i.id === summary.id);
    expect(after.price).toBe(1_400_000);
  });

  it('removes a withdrawn listing', async () => {
    const summary = listing('ae');
    await bus.publish(TOPICS.listingsProperty, approved(summary));
    await expectEventually(async () => expect(await rowCount(summary.id)).toBe(1));
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingWithdrawnV1, 'ae', summary.id, { id: summary.id, reason: 'sold' }),
    );
    await expectEventually(async () => expect(await rowCount(summary.id)).toBe(0));
    expect(ids((await list('ae')).body)).not.toContain(summary.id);
  });

  const by = { id: randomUUID(), role: 'agent' as const };

  it('reads listing.approved v2 as its v1 summary, and v1 still', async () => {
    const v2 = listing('sa');
    const v1 = listing('sa');
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingApprovedV2, 'sa', v2.id, publishedProperty(v2)),
    );
    await bus.publish(TOPICS.listingsProperty, approved(v1));
    const { body } = await expectEventually(async () => {
      const response = await list('sa', '?limit=100');
      expect(ids(response.body)).toEqual(expect.arrayContaining([v1.id, v2.id]));
      return response;
    });
    expect(body.results.items.find((item: { id: string }) => item.id === v2.id)).toMatchObject(v2);
  });

  it('drops a sold listing, and a deactivated one until it is approved again', async () => {
    const sold = listing('ae');
    const off = listing('ae');
    for (const summary of [sold, off])
      await bus.publish(
        TOPICS.listingsProperty,
        newEvent(listingApprovedV2, 'ae', summary.id, publishedProperty(summary)),
      );
    await expectEventually(async () => expect((await rowCount(sold.id)) + (await rowCount(off.id))).toBe(2));
    const at = new Date().toISOString();
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingSoldV1, 'ae', sold.id, { id: sold.id, soldAt: at, by }),
    );
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingDeactivatedV1, 'ae', off.id, { id: off.id, active: false, at, by }),
    );
    await expectEventually(async () => expect((await rowCount(sold.id)) + (await rowCount(off.id))).toBe(0));
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingDeactivatedV1, 'ae', off.id, { id: off.id, active: true, at, by }),
    );
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingApprovedV2, 'ae', off.id, publishedProperty(off)),
    );
    await expectEventually(async () => expect(await rowCount(off.id)).toBe(1));
    expect(await rowCount(sold.id)).toBe(0);
  });

  it('drops a Saudi listing whose ad licence ended (listing.deactivated v2, by no account)', async () => {
    const expired = listing('sa');
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingApprovedV2, 'sa', expired.id, publishedProperty(expired)),
    );
    await expectEventually(async () => expect(await rowCount(expired.id)).toBe(1));
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingDeactivatedV2, 'sa', expired.id, {
        id: expired.id,
        active: false,
        at: new Date().toISOString(),
        by: null,
        reason: 'licenceExpired',
      }),
    );
    await expectEventually(async () => expect(await rowCount(expired.id)).toBe(0));
  });

  it('pages newest first, filters by property type and counts the total of the site', async () => {
    // An empty read model: the listings and what is counted of them (facet counts, map tiles).
    await dataSource.query(`DELETE FROM "listing_read"; DELETE FROM "facet_count"; DELETE FROM "map_tile"`);
    const base = Date.parse('2025-03-01T10:00:00.000Z');
    const rentals = Array.from({ length: 5 }, (_, i) =>
      listing('sa', { propertyType: 'rent', approvedAt: new Date(base + i * 60_000).toISOString() }),
    );
    const sale = listing('sa', {
      propertyType: 'buy',
      approvedAt: new Date(base + 10 * 60_000).toISOString(),
    });
    const uae = listing('ae', { propertyType: 'rent' });
    for (const summary of [...rentals, sale, uae])
      await bus.publish(TOPICS.listingsProperty, approved(summary));
    await expectEventually(async () => expect((await list('sa')).body.results.total).toBe(6));

    const newestRentals = [...rentals].reverse().map((r) => r.id);
    const page1 = (await list('sa', '?propertyType=rent&page=1&limit=2')).body.results;
    expect(page1).toMatchObject({ page: 1, limit: 2, total: 5 });
    expect(ids({ results: page1 })).toEqual(newestRentals.slice(0, 2));
    const page3 = (await list('sa', '?propertyType=rent&page=3&limit=2')).body.results;
    expect(ids({ results: page3 })).toEqual(newestRentals.slice(4));
    const page4 = (await list('sa', '?propertyType=rent&page=4&limit=2')).body.results;
    expect(page4).toMatchObject({ items: [], total: 5 });

    const all = (await list('sa')).body.results;
    expect(all).toMatchObject({ page: 1, limit: 20, total: 6 });
    expect(all.items[0].id).toBe(sale.id);
    expect((await list('ae', '?propertyType=rent')).body.results.total).toBe(1);
  });

  it('matches free text in English and Arabic', async () => {
    const villa = listing('sa', {
      title: { en: 'Modern villa with pool', ar: 'فيلا حديثة مع مسبح' },
      propertyType: 'buy',
    });
    await bus.publish(TOPICS.listingsProperty, approved(villa));
    await expectEventually(async () => expect(await rowCount(villa.id)).toBe(1));
    expect(ids((await list('sa', '?q=villas')).body)).toContain(villa.id);
    expect(ids((await list('sa', `?q=${encodeURIComponent('مسبح')}`)).body)).toContain(villa.id);
    expect(ids((await list('sa', '?q=penthouse')).body)).not.toContain(villa.id);
  });

  it('names a wrong query parameter', async () => {
    const { body } = await request(app.getHttpServer())
      .get('/v1/properties?propertyType=castle&limit=1000')
      .set('x-site', 'ae')
      .expect(422);
    expect(body.results.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'limit',
      'propertyType',
    ]);
  });
});
