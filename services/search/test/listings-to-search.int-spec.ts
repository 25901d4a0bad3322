import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  createTestDatabase,
  expectEventually,
  testJwksUrl,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule as SearchModule } from '../src/app.module.js';
import { envSchema as searchEnv } from '../src/config.js';
import { buildDataSource as searchDataSource } from '../src/data-source.js';
// An end-to-end test runs two services together on purpose; services never do at runtime.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as ListingsModule } from '../../listings/src/app.module.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { envSchema as listingsEnv } from '../../listings/src/config.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { buildDataSource as listingsDataSource } from '../../listings/src/data-source.js';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { insertProperty } from '../../listings/test/properties.js';

async function migrated(prefix: string, build: (url: string) => DataSource): Promise<TestDatabase> {
  const db = await createTestDatabase(prefix);
  const ds = build(db.url);
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
  return db;
}

describe('listings → bus → search', () => {
  const namespace = testNamespace('e2e');
  const common = {
    REDIS_URL: testRedisUrl(),
    BUS_NAMESPACE: namespace,
    JWT_JWKS_URL: testJwksUrl(),
    PORT: 0,
  };
  let listingsDb: TestDatabase;
  let searchDb: TestDatabase;
  let listings: INestApplication;
  let search: INestApplication | undefined;

  const startSearch = () =>
    createTestApp(SearchModule.forRoot(searchEnv.parse({ ...common, DATABASE_URL: searchDb.url })));

  beforeAll(async () => {
    [listingsDb, searchDb] = await Promise.all([
      migrated('e2e_listings', listingsDataSource),
      migrated('e2e_search', searchDataSource),
    ]);
    listings = await createTestApp(
      ListingsModule.forRoot(listingsEnv.parse({ ...common, DATABASE_URL: listingsDb.url })),
    );
    search = await startSearch();
  });

  afterAll(async () => {
    await search?.close();
    await listings?.close();
    await Promise.all([listingsDb?.drop(), searchDb?.drop()]);
  });

  const approve = async (id: string) =>
    request(listings.getHttpServer())
      .post(`/v1/admin/properties/${id}/approve`)
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${await tokenFor('admin', { site: 'sa' })}`)
      .expect(200);

  const searchIds = async (site: 'ae' | 'sa') => {
    const { body } = await request(search!.getHttpServer())
      .get('/v1/properties?limit=100')
      .set('x-site', site)
      .expect(200);
    return (body.results.items as { id: string }[]).map((item) => item.id);
  };

  it('finds a property in search once an admin approves it in listings', async () => {
    const property = await insertProperty(listings.get(DataSource), 'sa');
    await approve(property.id);
    await expectEventually(async () => expect(await searchIds('sa')).toContain(property.id), {
      timeoutMs: 10_000,
    });
    expect(await searchIds('ae')).not.toContain(property.id);
  });

  it('catches up after search was down: nothing approved meanwhile is lost', async () => {
    await search?.close();
    search = undefined;
    const dataSource = listings.get(DataSource);
    const properties = await Promise.all(Array.from({ length: 5 }, () => insertProperty(dataSource, 'sa')));
    for (const property of properties) await approve(property.id);
    // The relay publishes while search is away.
    await expectEventually(async () => {
      const [{ n }] = await dataSource.query(
        `SELECT count(*) AS n FROM "outbox" WHERE "published_at" IS NULL`,
      );
      expect(Number(n)).toBe(0);
    });

    search = await startSearch();
    await expectEventually(
      async () => expect(await searchIds('sa')).toEqual(expect.arrayContaining(properties.map((p) => p.id))),
      { timeoutMs: 10_000 },
    );
    const [{ n }] = await search.get(DataSource).query(`SELECT count(*) AS n FROM "listing_read"`);
    expect(Number(n)).toBe(6);
  });
});
