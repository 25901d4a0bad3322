import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { Redis } from 'ioredis';
import request from 'supertest';
import {
  accountDeletedV1,
  agentContactV1,
  listingApprovedV2,
  listingDeactivatedV1,
  listingSoldV1,
  sitemapListingsPageSchema,
  locationSuggestionsPageSchema,
  mapClustersSchema,
  mapPinsPageSchema,
  propertyDetailSchema,
  searchResultPageSchema,
  TOPICS,
  VALIDATION_MESSAGES,
  type PublishedProperty,
} from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import { CACHE_GENERATION_HEADER, CACHE_PURGE_CHANNEL, CACHE_TAG_HEADER, parsePurge } from '@manzil/nest-kit';
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
// The gateway in front, as production runs it: a test of the two together, on purpose.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createGatewayApp } from '../../gateway/src/app.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { envSchema as gatewayEnv } from '../../gateway/src/config.js';

/**
 * The search API over HTTP, fed by the bus: every endpoint answers its contracts' shape, and a
 * listing approved then sold appears and then disappears from pages that were already cached
 * (the event moves the site's cache generation). No time is asserted.
 */
describe('search API', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let bus: EventBus;
  const namespace = testNamespace('search-api');
  const http = () => request(app.getHttpServer());
  const get = (site: 'ae' | 'sa', path: string) => http().get(path).set('x-site', site);

  const palm = (title: string): PublishedProperty => {
    const payload = publishedProperty(
      listing('ae', {
        title: { en: title, ar: 'فيلا في النخلة' },
        kind: 'villa',
        bedrooms: 4,
        price: 7_000_000,
        latitude: 25.1124,
        longitude: 55.139,
        city: { en: 'Dubai', ar: 'دبي' },
        community: { en: 'Palm Jumeirah', ar: 'نخلة جميرا' },
      }),
    );
    return {
      ...payload,
      location: {
        city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
        community: { id: 'ae.dubai.palm-jumeirah', name: { en: 'Palm Jumeirah', ar: 'نخلة جميرا' } },
        subCommunity: null,
        building: null,
      },
    };
  };

  beforeAll(async () => {
    db = await createMigratedDatabase('search_api', buildDataSource);
    const config = envSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      BUS_NAMESPACE: namespace,
      JWT_JWKS_URL: testJwksUrl(),
      PORT: 0,
    });
    app = await createTestApp(AppModule.forRoot(config));
    bus = createEventBus({ clientId: 'search-api-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  it('shows an approved listing on every endpoint, and no longer once it is sold (freshness)', async () => {
    const villa = palm('Palm villa with beach');
    const page = `/v1/properties?locationId=ae.dubai.palm-jumeirah&kind=villa&bedrooms=4`;
    // Cached before the listing exists: the approval must still show on this page.
    expect((await get('ae', page).expect(200)).body.results.total).toBe(0);
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', villa.id, villa));

    const listed = await expectEventually(async () => {
      const { body } = await get('ae', page).expect(200);
      expect(body.results.items.map((i: { id: string }) => i.id)).toEqual([villa.id]);
      return searchResultPageSchema.parse(body.results);
    });
    expect(listed.facets?.location).toEqual([]);
    expect(listed.items[0]).toMatchObject({
      displayPrice: { amount: 7_000_000, period: 'total' },
      badge: 'GOLD',
    });

    const viewport = 'north=25.2&south=25.0&east=55.3&west=55.0';
    const clusters = mapClustersSchema.parse(
      (await get('ae', `/v1/map/clusters?${viewport}&zoom=9`).expect(200)).body.results,
    );
    expect(clusters.total).toBe(1);
    const pins = mapPinsPageSchema.parse(
      (await get('ae', `/v1/map/pins?${viewport}`).expect(200)).body.results,
    );
    expect(pins.items.map((p) => p.id)).toEqual([villa.id]);
    const places = locationSuggestionsPageSchema.parse(
      (await get('ae', `/v1/locations/autocomplete?q=${encodeURIComponent('نخله')}`).expect(200)).body
        .results,
    );
    expect(places.items[0]).toMatchObject({ id: 'ae.dubai.palm-jumeirah', count: 1 });
    const detail = propertyDetailSchema.parse(
      (await get('ae', `/v1/properties/${villa.slug}`).expect(200)).body.results,
    );
    expect(detail.listing.id).toBe(villa.id);
    await get('sa', `/v1/properties/${villa.slug}`).expect(404);

    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingSoldV1, 'ae', villa.id, {
        id: villa.id,
        soldAt: new Date().toISOString(),
        by: { id: villa.agent.id!, role: 'agent' },
      }),
    );
    await expectEventually(async () => {
      const { body } = await get('ae', page).expect(200);
      expect(body.results.items).toEqual([]);
    });
    await get('ae', `/v1/properties/${villa.slug}`).expect(404);
    expect((await get('ae', `/v1/map/pins?${viewport}`).expect(200)).body.results.total).toBe(0);
  });

  it("through the gateway: a repeated page is the gateway's, and an approval's purge shows it at once", async () => {
    const gateway = await createGatewayApp(
      gatewayEnv.parse({
        PORT: 0,
        REDIS_URL: testRedisUrl(),
        GATEWAY_RATE_NAMESPACE: `${namespace}:rl`,
        SEARCH_URL: await app.getUrl(),
      }),
      false,
    );
    await gateway.listen(0, '127.0.0.1');
    const purges = new Redis(testRedisUrl());
    const heard: { tag: string; generation: number }[] = [];
    try {
      await purges.subscribe(CACHE_PURGE_CHANNEL);
      purges.on('message', (_channel: string, message: string) => {
        const purge = parsePurge(message);
        if (purge?.tag === `search:${namespace}:ae`) heard.push(purge);
      });
      const via = (path: string) =>
        request(gateway.getHttpServer()).get(`/api/search${path}`).set('Host', 'ae.localhost');
      const page = `/v1/properties?locationId=ae.dubai.palm-jumeirah&kind=villa&bedrooms=6`;
      const ids = (response: request.Response) =>
        (response.body as { results: { items: { id: string }[] } }).results.items.map((i) => i.id);
      expect(ids(await via(page).expect(200).expect('x-cache', 'MISS'))).toEqual([]);
      expect(ids(await via(page).expect(200).expect('x-cache', 'HIT'))).toEqual([]);
      // The service tags the answer with the site's generation; the gateway takes the tags off.
      const direct = await get('ae', page).expect(200);
      expect(direct.headers[CACHE_TAG_HEADER]).toBe(`search:${namespace}:ae`);
      const generation = Number(direct.headers[CACHE_GENERATION_HEADER]);
      expect(Number.isSafeInteger(generation)).toBe(true);
      expect((await via(page)).headers[CACHE_TAG_HEADER]).toBeUndefined();
      // A refused query is not tagged (only 200s are).
      expect(
        (await get('ae', '/v1/properties?bedrooms=x').expect(422)).headers[CACHE_TAG_HEADER],
      ).toBeUndefined();

      const villa = { ...palm('Six bedroom villa'), bedrooms: 6 };
      await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', villa.id, villa));
      await expectEventually(async () => expect(ids(await via(page).expect(200))).toEqual([villa.id]));
      expect(heard.some((purge) => purge.generation > generation)).toBe(true);
      // Kept again under the new generation.
      expect(ids(await via(page).expect(200).expect('x-cache', 'HIT'))).toEqual([villa.id]);
    } finally {
      purges.disconnect();
      await gateway.close();
    }
  });

  it("keeps the sitemaps' property pages in step with approvals, sales and deactivations", async () => {
    const slugs = async (site: 'ae' | 'sa' = 'ae') =>
      sitemapListingsPageSchema
        .parse((await get(site, '/v1/sitemap/listings?page=1&limit=100').expect(200)).body.results)
        .items.map((item) => item.slug);
    const sold = palm('Sitemap villa sold');
    const deactivated = palm('Sitemap villa deactivated');
    const stays = palm('Sitemap villa stays');
    const before = await slugs(); // cached now: the events below must still show
    for (const villa of [sold, deactivated, stays])
      await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', villa.id, villa));
    await expectEventually(async () =>
      expect(await slugs()).toEqual(expect.arrayContaining([sold.slug, deactivated.slug, stays.slug])),
    );
    expect(before).not.toContain(stays.slug);
    expect(await slugs('sa')).not.toContain(stays.slug);
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingSoldV1, 'ae', sold.id, {
        id: sold.id,
        soldAt: new Date().toISOString(),
        by: { id: sold.agent.id!, role: 'agent' },
      }),
    );
    await bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingDeactivatedV1, 'ae', deactivated.id, {
        id: deactivated.id,
        active: false,
        at: new Date().toISOString(),
        by: { id: deactivated.agent.id!, role: 'agent' },
      }),
    );
    await expectEventually(async () => {
      const now = await slugs();
      expect(now).toContain(stays.slug);
      expect(now).not.toContain(sold.slug);
      expect(now).not.toContain(deactivated.slug);
    });
  });

  it("gives the agent card the agent's call, WhatsApp and e-mail from identity's events, until the agent leaves", async () => {
    const villa = palm('Palm villa with agent contact');
    const agentId = villa.agent.id!;
    const contact = (listed: boolean, at: Date) => ({
      ...newEvent(agentContactV1, 'ae', agentId, {
        accountId: agentId,
        companyId: null,
        name: villa.agent.name,
        phone: listed ? '+971501234567' : null,
        whatsapp: listed,
        email: listed ? 'agent@example.com' : null,
        listed,
      }),
      occurredAt: at.toISOString(),
    });
    const detail = async () =>
      propertyDetailSchema.parse((await get('ae', `/v1/properties/${villa.slug}`).expect(200)).body.results);
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', villa.id, villa));
    // Listed before identity said anything: no contact of the agent (the card offers the site's).
    await expectEventually(async () => expect((await detail()).agentContact).toBeNull());

    const now = Date.now();
    await bus.publish(TOPICS.identityAccount, contact(true, new Date(now)));
    await expectEventually(async () =>
      expect((await detail()).agentContact).toEqual({
        phone: '+971501234567',
        whatsapp: '971501234567',
        email: 'agent@example.com',
      }),
    );
    // An older event delivered late does not undo the newer one; a later "not listed" does.
    await bus.publish(TOPICS.identityAccount, contact(false, new Date(now - 60_000)));
    await bus.publish(TOPICS.identityAccount, contact(false, new Date(now + 1_000)));
    await expectEventually(async () => expect((await detail()).agentContact).toBeNull());
    await bus.publish(TOPICS.identityAccount, contact(true, new Date(now + 2_000)));
    await expectEventually(async () => expect((await detail()).agentContact?.phone).toBe('+971501234567'));
    await bus.publish(
      TOPICS.identityAccount,
      newEvent(accountDeletedV1, 'ae', agentId, { accountId: agentId, eraseAfter: new Date().toISOString() }),
    );
    await expectEventually(async () => expect((await detail()).agentContact).toBeNull());
  });

  it("names the agent in Arabic with the name it gave identity when the listing's event has none", async () => {
    const villa = palm('Palm villa of an agent who wrote an Arabic name');
    const agentId = villa.agent.id!;
    expect(villa.agent.nameAr).toBeUndefined();
    const detail = async (slug: string) =>
      propertyDetailSchema.parse((await get('ae', `/v1/properties/${slug}`).expect(200)).body.results);
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', villa.id, villa));
    await expectEventually(async () =>
      expect((await detail(villa.slug)).listing.agent.nameAr).toBeUndefined(),
    );
    await bus.publish(
      TOPICS.identityAccount,
      newEvent(agentContactV1, 'ae', agentId, {
        accountId: agentId,
        companyId: null,
        name: villa.agent.name,
        nameAr: 'سارة الناصر',
        phone: '+971501234567',
        whatsapp: true,
        email: null,
        listed: true,
      }),
    );
    await expectEventually(async () =>
      expect((await detail(villa.slug)).listing.agent).toMatchObject({
        name: villa.agent.name,
        nameAr: 'سارة الناصر',
      }),
    );
    // A listing whose own event names the agent in Arabic keeps that name.
    const named = palm('Palm villa named by the seed');
    const own = { ...named, agent: { ...named.agent, id: agentId, nameAr: 'سارة ناصر' } };
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', own.id, own));
    await expectEventually(async () =>
      expect((await detail(own.slug)).listing.agent.nameAr).toBe('سارة ناصر'),
    );
  });

  it('refuses a query of the other site and a bad filter, naming the field', async () => {
    await get('ae', '/v1/properties?site=sa').expect(403);
    const { body } = await get('ae', '/v1/properties?bedrooms=12&priceMin=9&priceMax=1').expect(422);
    expect(body.results.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'bedrooms.0',
      'priceMax',
    ]);
    expect(body.results.fields.find((f: { field: string }) => f.field === 'priceMax').message).toBe(
      VALIDATION_MESSAGES['range.minAboveMax'].en,
    );
    await get('ae', '/v1/map/clusters?north=25&south=26&east=56&west=55&zoom=5').expect(422);
  });

  it('documents every endpoint in its OpenAPI document', async () => {
    const { body } = await http().get('/openapi.json').expect(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/v1/properties',
        '/v1/properties/{slug}',
        '/v1/map/clusters',
        '/v1/map/pins',
        '/v1/locations/autocomplete',
      ]),
    );
  });
});
