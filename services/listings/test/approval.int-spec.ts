import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource, In, IsNull, Not } from 'typeorm';
import {
  demoCompanies,
  listingApprovedV2,
  propertySummarySchema,
  summaryOfApproved,
  TOPICS,
} from '@manzil/contracts';
import {
  createTestApp,
  createMigratedDatabase,
  testJwksUrl,
  testNamespace,
  testRedisUrl,
  tokenFor,
  waitForEvent,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { Property } from '../src/properties/property.entity.js';
import { DEMO_PROPERTIES, seed } from '../src/seed.js';
import { generatedListings } from '../src/seed/generated-listings.js';
import { insertProperty } from './properties.js';

describe('listings: approval', () => {
  let db: TestDatabase;
  let app: INestApplication;
  let dataSource: DataSource;
  const namespace = testNamespace('listings');

  beforeAll(async () => {
    db = await createMigratedDatabase('listings', buildDataSource);
    const config = envSchema.parse({
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      BUS_NAMESPACE: namespace,
      JWT_JWKS_URL: testJwksUrl(),
      PORT: 0,
    });
    app = await createTestApp(AppModule.forRoot(config));
    dataSource = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const approve = async (id: string, site: 'ae' | 'sa', status: number, role: 'admin' | 'agent' = 'admin') =>
    request(app.getHttpServer())
      .post(`/v1/admin/properties/${id}/approve`)
      .set('x-site', site)
      .set('authorization', `Bearer ${await tokenFor(role, { site })}`)
      .expect(status);

  const outboxRows = (key: string) =>
    dataSource.query(`SELECT "topic", "key", "event" FROM "outbox" WHERE "key" = $1`, [key]) as Promise<
      {
        topic: string;
        key: string;
        event: { type: string; version: number; site: string; payload: unknown };
      }[]
    >;

  it('accepts the property and writes listing.approved to the outbox in the same transaction', async () => {
    const property = await insertProperty(dataSource, 'sa');
    const { body } = await approve(property.id, 'sa', 200);
    const summary = propertySummarySchema.parse(body.results);
    expect(summary).toMatchObject({ id: property.id, site: 'sa', currency: 'SAR', price: 1_000_000 });

    const stored = await dataSource.manager.findOneByOrFail(Property, { id: property.id });
    expect(stored.approvalStatus).toBe('accepted');
    expect(stored.approvedAt?.toISOString()).toBe(summary.approvedAt);
    const rows = await outboxRows(property.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ topic: TOPICS.listingsProperty, key: property.id });
    expect(rows[0].event).toMatchObject({
      type: 'listing.approved',
      version: 2,
      site: 'sa',
      payload: expect.objectContaining(summary),
    });
    // v2 carries the v1 summary (search reads either version).
    expect(summaryOfApproved(listingApprovedV2.payload.parse(rows[0].event.payload))).toEqual(summary);

    // Approving again changes nothing and publishes nothing.
    await approve(property.id, 'sa', 200);
    expect(await outboxRows(property.id)).toHaveLength(1);
  });

  it('publishes the event on the bus through the relay', async () => {
    const property = await insertProperty(dataSource, 'ae');
    await approve(property.id, 'ae', 200);
    const event = await waitForEvent(
      testRedisUrl(),
      namespace,
      TOPICS.listingsProperty,
      (e) => e.key === property.id,
    );
    expect(event).toMatchObject({ type: 'listing.approved', version: 2, site: 'ae' });
    expect(propertySummarySchema.parse(event.payload).id).toBe(property.id);
  });

  it('leaves neither the change nor the event when the transaction fails', async () => {
    const property = await insertProperty(dataSource, 'ae');
    // The outbox insert fails after the status update: both must roll back.
    await dataSource.query(`
      CREATE FUNCTION refuse_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'outbox refused by the test'; END $$`);
    await dataSource.query(
      `CREATE TRIGGER refuse_outbox BEFORE INSERT ON "outbox" FOR EACH ROW EXECUTE FUNCTION refuse_outbox()`,
    );
    try {
      const { body } = await approve(property.id, 'ae', 500);
      expect(body).toMatchObject({ success: false, results: { code: 'SOMETHING_WENT_WRONG' } });
    } finally {
      await dataSource.query(`DROP TRIGGER refuse_outbox ON "outbox"`);
      await dataSource.query(`DROP FUNCTION refuse_outbox()`);
    }
    const stored = await dataSource.manager.findOneByOrFail(Property, { id: property.id });
    expect(stored.approvalStatus).toBe('pending');
    expect(stored.approvedAt).toBeNull();
    expect(await outboxRows(property.id)).toHaveLength(0);
  });

  it("refuses another site's property as not found, and leaves it pending", async () => {
    const property = await insertProperty(dataSource, 'ae');
    const { body } = await approve(property.id, 'sa', 404);
    expect(body).toMatchObject({ status: 404, success: false, results: { code: 'NOT_FOUND' } });
    expect((await dataSource.manager.findOneByOrFail(Property, { id: property.id })).approvalStatus).toBe(
      'pending',
    );
    expect(await outboxRows(property.id)).toHaveLength(0);
  });

  it('refuses visitors (401) and other roles (403), and names a bad id', async () => {
    const property = await insertProperty(dataSource, 'ae');
    await request(app.getHttpServer())
      .post(`/v1/admin/properties/${property.id}/approve`)
      .set('x-site', 'ae')
      .expect(401);
    await approve(property.id, 'ae', 403, 'agent');
    const { body } = await approve('not-a-uuid', 'ae', 422);
    expect(body.results.fields).toEqual([expect.objectContaining({ field: 'id' })]);
  });

  it('does not accept a draft', async () => {
    const property = await insertProperty(dataSource, 'sa', { approvalStatus: 'draft' });
    const { body } = await approve(property.id, 'sa', 422);
    expect(body.results.fields).toEqual([expect.objectContaining({ field: 'approvalStatus' })]);
  });

  it('shows accepted properties of the site by slug, and nothing else', async () => {
    const accepted = await insertProperty(dataSource, 'sa');
    await approve(accepted.id, 'sa', 200);
    const pending = await insertProperty(dataSource, 'sa');
    const read = (slug: string, site: 'ae' | 'sa') =>
      request(app.getHttpServer()).get(`/v1/properties/${slug}`).set('x-site', site);

    const { body } = await read(accepted.slug, 'sa').expect(200);
    expect(body.results).toMatchObject({
      id: accepted.id,
      slug: accepted.slug,
      title: { ar: 'شقة للاختبار' },
    });
    await read(accepted.slug, 'ae').expect(404);
    await read(pending.slug, 'sa').expect(404);
  });

  it('seeds each site through the approval use case, once', async () => {
    await seed(dataSource);
    await seed(dataSource);
    for (const site of ['ae', 'sa'] as const) {
      const ids = DEMO_PROPERTIES[site].map((demo) => demo.id);
      const rows = await dataSource.manager.findBy(
        Property,
        ids.map((id) => ({ id })),
      );
      expect(rows).toHaveLength(6);
      expect(rows.every((row) => row.site === site && row.approvalStatus === 'accepted')).toBe(true);
      for (const id of ids) expect(await outboxRows(id)).toHaveLength(1);
      // The generated listings: accepted once each, announced once each, advertiser named in Arabic.
      const generated = generatedListings(site).map((listing) => listing.id);
      const [{ accepted, events }] = (await dataSource.query(
        `SELECT count(*) FILTER (WHERE p."approval_status" = 'accepted')::int AS "accepted",
                (SELECT count(*)::int FROM "outbox" o WHERE o."key" = ANY($1::text[])) AS "events"
         FROM "properties" p WHERE p."id" = ANY($1::uuid[])`,
        [generated],
      )) as { accepted: number; events: number }[];
      expect(accepted).toBeGreaterThanOrEqual(300);
      expect(events).toBe(accepted);
      const sample = await dataSource.manager.findOneByOrFail(Property, { id: generated[0] });
      expect(sample.published?.agent.nameAr).toMatch(/[\u0600-\u06ff]/);
      // Its company (a roster company) named in both languages, as identity's seed names it.
      const employed = await dataSource.manager.findOneByOrFail(Property, {
        id: In(generated),
        companyId: Not(IsNull()),
      });
      const roster = demoCompanies(site).find((c) => c.id === employed.companyId)!;
      expect(employed.published?.company).toEqual({
        id: roster.id,
        name: roster.name.en,
        nameAr: roster.name.ar,
      });
      expect(sample.published?.media.photos.length).toBeGreaterThanOrEqual(4);
    }
    const noura = await dataSource.manager.findOneByOrFail(Property, {
      id: DEMO_PROPERTIES.sa.find((demo) => demo.agentName === 'Noura Al Harbi')!.id,
    });
    expect(noura.published?.agent).toMatchObject({ name: 'Noura Al Harbi', nameAr: 'نورة الحربي' });
    // A hand-written demo, approved through the use case: its roster company is named in Arabic too.
    const [nourasCompany] = demoCompanies('sa');
    expect(noura.published?.company).toEqual({
      id: nourasCompany.id,
      name: nourasCompany.name.en,
      nameAr: nourasCompany.name.ar,
    });
    const titles = (site: 'ae' | 'sa') => DEMO_PROPERTIES[site].map((demo) => demo.titleEn).join('\n');
    expect(titles('ae')).toContain('Dubai Marina');
    expect(titles('ae')).not.toContain('Riyadh');
    expect(titles('sa')).toContain('Riyadh');
    expect(titles('sa')).not.toContain('Dubai Marina');

    const marina = await request(app.getHttpServer())
      .get('/v1/properties/sea-view-apartment-dubai-marina')
      .set('x-site', 'ae')
      .expect(200);
    expect(marina.body.results).toMatchObject({
      title: { en: 'Sea-view apartment in Dubai Marina', ar: 'شقة مطلة على البحر في دبي مارينا' },
      currency: 'AED',
      areaUnit: 'sqft',
      coverPhoto: '/api/listings/v1/media/demo/marina-towers.svg',
    });
  }, 60_000);

  it('serves demo photos with a content type and cache headers, and nothing outside the folder', async () => {
    const response = await request(app.getHttpServer()).get('/v1/media/demo/marina-towers.svg').expect(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.body)).toContain('<svg');
    for (const path of [
      'missing.svg',
      '..%2F..%2Fpackage.json',
      '..%2Fsrc%2Fseed.ts',
      'marina-towers.html',
    ]) {
      await request(app.getHttpServer()).get(`/v1/media/demo/${path}`).expect(404);
    }
  });
});
