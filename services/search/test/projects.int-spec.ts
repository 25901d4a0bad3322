import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import {
  pageSchema,
  projectDetailSchema,
  projectPublishedV1,
  projectUnpublishedV1,
  projectUpdatedV1,
  publicProjectSchema,
  TOPICS,
  unitAddedV1,
  unitStatusChangedV1,
  type PublicProject,
  type Site,
  type Unit,
} from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import {
  createTestApp,
  createMigratedDatabase,
  expectEventually,
  testJwksUrl,
  testNamespace,
  testRedisUrl,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';

const projectOf = (site: Site, overrides: Partial<PublicProject> = {}): PublicProject => {
  const id = randomUUID();
  return {
    id,
    site,
    slug: `vista-${id.slice(0, 8)}`,
    title: { en: 'Vista', ar: 'فيستا' },
    description: { en: 'Views', ar: 'إطلالات' },
    developer: site === 'ae' ? 'Emaar' : 'ROSHN',
    licenceNumber: null,
    city:
      site === 'ae'
        ? { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } }
        : { id: 'sa.riyadh', name: { en: 'Riyadh', ar: 'الرياض' } },
    community: null,
    totalArea: 20_000,
    areaUnit: site === 'ae' ? 'sqft' : 'sqm',
    totalUnits: 100,
    availableUnits: 40,
    deliveryDate: '2028-12-31',
    startingPrice: 900_000,
    currency: site === 'ae' ? 'AED' : 'SAR',
    paymentPlan: { booking: 20, construction: 40, handover: 40 },
    completion: 'offPlan',
    brochureUrl: null,
    companyId: randomUUID(),
    publishedAt: new Date().toISOString(),
    ...overrides,
  };
};
const unitOf = (projectId: string, price: number): Unit => ({
  id: randomUUID(),
  projectId,
  layout: 'apartment',
  bedrooms: 2,
  area: 110,
  price,
  floorPlanUrl: null,
  reference: null,
  status: 'available',
});

describe('search: projects read model fed by listings’ project and unit events', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let bus: EventBus;
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
    bus = createEventBus({ clientId: 'search-test', redisUrl: testRedisUrl(), namespace });
  });

  afterAll(async () => {
    await bus?.close();
    await app?.close();
    await db?.drop();
  });

  const get = (site: Site, path: string, status = 200) =>
    request(app.getHttpServer()).get(path).set('x-site', site).expect(status);
  const list = async (site: Site, query = '') =>
    pageSchema(publicProjectSchema).parse((await get(site, `/v1/projects${query}`)).body.results);

  it('lists a published project on its own site only, filters by city and status, and serves its units', async () => {
    const ae = projectOf('ae');
    const ready = projectOf('ae', {
      completion: 'ready',
      city: { id: 'ae.abu-dhabi', name: { en: 'Abu Dhabi', ar: 'أبوظبي' } },
    });
    const unit = unitOf(ae.id, 1_000_000);
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(projectPublishedV1, 'ae', ae.id, { ...ae, units: [unit] }),
    );
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(projectPublishedV1, 'ae', ready.id, { ...ready, units: [] }),
    );
    await expectEventually(async () => {
      expect((await list('ae')).items.map((p) => p.id)).toEqual(expect.arrayContaining([ae.id, ready.id]));
    });
    expect((await list('sa')).items.map((p) => p.id)).not.toContain(ae.id);
    expect((await list('ae', '?completion=ready')).items.map((p) => p.id)).toEqual([ready.id]);
    expect((await list('ae', '?cityId=ae.dubai')).items.map((p) => p.id)).toEqual([ae.id]);
    const detail = projectDetailSchema.parse((await get('ae', `/v1/projects/${ae.slug}`)).body.results);
    expect(detail.units).toEqual([unit]);
    await get('sa', `/v1/projects/${ae.slug}`, 404);
  });

  it('follows updates and unit events, once each, and never lets an older project event win', async () => {
    const sa = projectOf('sa');
    const published = newEvent(projectPublishedV1, 'sa', sa.id, { ...sa, units: [] });
    await bus.publish(TOPICS.listingsProject, published);
    await bus.publish(TOPICS.listingsProject, published);
    const unit = unitOf(sa.id, 750_000);
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(unitAddedV1, 'sa', sa.id, { ...unit, availableUnits: 40 }),
    );
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(unitStatusChangedV1, 'sa', sa.id, {
        id: unit.id,
        projectId: sa.id,
        from: 'available',
        to: 'sold',
        availableUnits: 39,
        at: new Date().toISOString(),
      }),
    );
    const updated = newEvent(projectUpdatedV1, 'sa', sa.id, {
      ...sa,
      availableUnits: 39,
      startingPrice: 700_000,
    });
    await bus.publish(TOPICS.listingsProject, updated);
    const detail = await expectEventually(async () => {
      const body = projectDetailSchema.parse((await get('sa', `/v1/projects/${sa.slug}`)).body.results);
      expect(body.startingPrice).toBe(700_000);
      expect(body.units).toEqual([{ ...unit, status: 'sold' }]);
      return body;
    });
    expect(detail.availableUnits).toBe(39);
    const stale = {
      ...newEvent(projectUpdatedV1, 'sa', sa.id, { ...sa, startingPrice: 1 }),
      occurredAt: published.occurredAt,
    };
    await bus.publish(TOPICS.listingsProject, stale);
    const marker = projectOf('sa');
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(projectPublishedV1, 'sa', marker.id, { ...marker, units: [] }),
    );
    await expectEventually(async () => {
      expect((await list('sa')).items.map((p) => p.id)).toContain(marker.id);
    });
    expect(
      projectDetailSchema.parse((await get('sa', `/v1/projects/${sa.slug}`)).body.results).startingPrice,
    ).toBe(700_000);
  });

  it('drops an unpublished project from the list and its page, on its site only, and takes it back when published again', async () => {
    const ae = projectOf('ae');
    const other = projectOf('ae');
    const unit = unitOf(ae.id, 1_200_000);
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(projectPublishedV1, 'ae', ae.id, { ...ae, units: [unit] }),
    );
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(projectPublishedV1, 'ae', other.id, { ...other, units: [] }),
    );
    await expectEventually(async () => {
      expect((await list('ae')).items.map((p) => p.id)).toEqual(expect.arrayContaining([ae.id, other.id]));
    });
    const unpublished = newEvent(projectUnpublishedV1, 'ae', ae.id, {
      id: ae.id,
      site: 'ae',
      slug: ae.slug,
      by: randomUUID(),
      at: new Date().toISOString(),
    });
    await bus.publish(TOPICS.listingsProject, unpublished);
    await expectEventually(async () => {
      await get('ae', `/v1/projects/${ae.slug}`, 404);
    });
    const items = (await list('ae', '?limit=100')).items.map((p) => p.id);
    expect(items).not.toContain(ae.id);
    expect(items).toContain(other.id);
    // A unit event after it finds no project: nothing comes back.
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(unitAddedV1, 'ae', ae.id, { ...unitOf(ae.id, 900_000), availableUnits: 40 }),
    );
    await bus.publish(
      TOPICS.listingsProject,
      newEvent(projectPublishedV1, 'ae', ae.id, { ...ae, units: [unit] }),
    );
    const back = await expectEventually(async () =>
      projectDetailSchema.parse((await get('ae', `/v1/projects/${ae.slug}`)).body.results),
    );
    expect(back.units).toEqual([unit]);
  });
});
