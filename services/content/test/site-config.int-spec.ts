import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TOPICS } from '@manzil/contracts';
import {
  createTestApp,
  createMigratedDatabase,
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
import { seed } from '../src/seed.js';

describe('content: site config', () => {
  let db: TestDatabase;
  let app: INestApplication;
  const namespace = testNamespace('content');

  beforeAll(async () => {
    db = await createMigratedDatabase('content', buildDataSource, async (ds) => {
      await seed(ds);
      await seed(ds); // idempotent
    });
    app = await createTestApp(AppModule.forRoot(envSchema.parse(serviceTestEnv(db, namespace))));
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const getConfig = (site: 'ae' | 'sa', language: 'en' | 'ar') =>
    request(app.getHttpServer()).get('/v1/config').set('x-site', site).set('language', language);

  it('gives the UAE config in English', async () => {
    const response = await getConfig('ae', 'en').expect(200);
    expect(response.body).toMatchObject({ status: 200, success: true });
    const config = response.body.results;
    expect(config).toMatchObject({
      site: 'ae',
      country: 'UAE',
      countryCode: 'ae',
      currency: 'AED',
      currencyLabel: 'AED',
      areaUnit: 'sqft',
      areaUnitLabel: 'sqft',
      phonePrefix: '+971',
    });
    expect(config.propertyType).toEqual([
      { slug: 'buy', status: 'active', name: 'Buy' },
      { slug: 'rent', status: 'active', name: 'Rent' },
      { slug: 'commercial-buy', status: 'active', name: 'Commercial for sale' },
      { slug: 'commercial-rent', status: 'active', name: 'Commercial for rent' },
    ]);
    expect(config.staticContent).toEqual([
      { slug: 'about-us', publicSlug: 'about-us', publicSlugAr: 'من-نحن' },
      { slug: 'terms-and-conditions', publicSlug: 'terms-and-conditions', publicSlugAr: 'الشروط-والأحكام' },
      { slug: 'privacy-policy', publicSlug: 'privacy-policy', publicSlugAr: 'سياسة-الخصوصية' },
    ]);
  });

  it('gives the Saudi config in Arabic, with the riyal sign and square metres', async () => {
    const { body } = await getConfig('sa', 'ar').expect(200);
    expect(body.results).toMatchObject({
      site: 'sa',
      country: 'Saudi',
      countryCode: 'sa',
      currency: 'SAR',
      currencyLabel: '﷼',
      areaUnit: 'sqm',
      areaUnitLabel: 'م²',
      phonePrefix: '+966',
    });
    expect(body.results.propertyType[0]).toEqual({ slug: 'buy', status: 'active', name: 'شراء' });
    const english = await getConfig('sa', 'en').expect(200);
    expect(english.body.results).toMatchObject({ currencyLabel: 'SAR', areaUnitLabel: 'm²' });
    const uaeArabic = await getConfig('ae', 'ar').expect(200);
    expect(uaeArabic.body.results).toMatchObject({ currencyLabel: 'د.إ', areaUnitLabel: 'قدم²' });
  });

  it('serves from the cache and drops it when an admin changes the config', async () => {
    await getConfig('sa', 'en').expect(200);
    // A change behind the service's back is not seen: the answer comes from Redis.
    await app.get(DataSource).query(`UPDATE "site_settings" SET "phone_prefix" = '+000' WHERE "site" = 'sa'`);
    expect((await getConfig('sa', 'en')).body.results.phonePrefix).toBe('+966');

    const admin = await tokenFor('admin', { site: 'sa' });
    const update = await request(app.getHttpServer())
      .put('/v1/admin/config')
      .set('x-site', 'sa')
      .set('language', 'ar')
      .set('authorization', `Bearer ${admin}`)
      .send({ areaUnit: 'sqft', propertyTypes: [{ slug: 'commercial-rent', status: 'inactive' }] })
      .expect(200);
    expect(update.body.results).toMatchObject({ areaUnit: 'sqft', areaUnitLabel: 'قدم²' });

    for (const language of ['en', 'ar'] as const) {
      const { body } = await getConfig('sa', language).expect(200);
      expect(body.results.phonePrefix).toBe('+000');
      expect(body.results.areaUnit).toBe('sqft');
      expect(
        body.results.propertyType.find((t: { slug: string }) => t.slug === 'commercial-rent').status,
      ).toBe('inactive');
    }
    // The other site is untouched.
    expect((await getConfig('ae', 'en')).body.results).toMatchObject({ areaUnit: 'sqft', currency: 'AED' });

    const event = await waitForEvent(testRedisUrl(), namespace, TOPICS.contentConfig, (e) => e.site === 'sa');
    expect(event).toMatchObject({ type: 'content.config.changed', version: 1, key: 'sa' });
    expect(event.payload).toMatchObject({ site: 'sa', currency: 'SAR', areaUnit: 'sqft' });
  });

  it('refuses a visitor (401) and a non-admin (403)', async () => {
    const visitor = await request(app.getHttpServer())
      .put('/v1/admin/config')
      .set('x-site', 'ae')
      .send({ currency: 'SAR' })
      .expect(401);
    expect(visitor.body).toMatchObject({ status: 401, success: false });
    const agent = await tokenFor('agent', { site: 'ae' });
    await request(app.getHttpServer())
      .put('/v1/admin/config')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${agent}`)
      .send({ currency: 'SAR' })
      .expect(403);
    // An admin of the other site is not an admin here.
    const saudiAdmin = await tokenFor('admin', { site: 'sa' });
    await request(app.getHttpServer())
      .put('/v1/admin/config')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${saudiAdmin}`)
      .send({ currency: 'SAR' })
      .expect(401);
    expect((await getConfig('ae', 'en')).body.results.currency).toBe('AED');
  });

  it('names the wrong field, in the request language', async () => {
    const admin = await tokenFor('admin', { site: 'ae' });
    const { body } = await request(app.getHttpServer())
      .put('/v1/admin/config')
      .set('x-site', 'ae')
      .set('language', 'ar')
      .set('authorization', `Bearer ${admin}`)
      .send({ currency: 'USD', propertyTypes: [{ slug: 'auction', status: 'active' }] })
      .expect(422);
    expect(body).toMatchObject({ status: 422, success: false, message: 'يرجى التحقق من الحقول المحددة.' });
    const fields = body.results.fields.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['currency', 'propertyTypes.0.slug']));

    const empty = await request(app.getHttpServer())
      .put('/v1/admin/config')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${admin}`)
      .send({})
      .expect(422);
    expect(empty.body.results.fields).toEqual([{ field: '(body)', message: 'This field is required.' }]);
  });

  it('describes its routes in /openapi.json and answers /health and /ready', async () => {
    const { body } = await request(app.getHttpServer()).get('/openapi.json').expect(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/v1/config', '/v1/admin/config']));
    await request(app.getHttpServer()).get('/health').expect(200);
    const ready = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(ready.body.results).toEqual({ database: 'ok', redis: 'ok' });
  });
});
