import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  createMigratedDatabase,
  serviceTestEnv,
  testNamespace,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seedPlans } from '../src/plans/plans.seed.js';

interface PlanItem {
  name: string;
  tier: string;
  durationMonths: number;
  fees: number;
  currency: string;
}

describe('payments: GET /v1/plans', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createMigratedDatabase('payments', buildDataSource, async (ds) => {
      await seedPlans(ds);
      await seedPlans(ds);
    });
    app = await createTestApp(
      AppModule.forRoot(
        envSchema.parse({
          ...serviceTestEnv(db, testNamespace('payments')),
          STRIPE_API_URL: 'http://127.0.0.1:9',
        }),
      ),
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('seeds Basic, Standard and Gold for 1, 3, 6 and 12 months on each site, once', async () => {
    const [{ count }] = (await app.get(DataSource).query(`SELECT count(*)::int AS count FROM plans`)) as {
      count: number;
    }[];
    expect(count).toBe(24);
  });

  it('lists the UAE plans in AED, cheapest tier first, paginated', async () => {
    const first = await request(app.getHttpServer())
      .get('/v1/plans?page=1&limit=5')
      .set('x-site', 'ae')
      .expect(200);
    expect(first.body.results).toMatchObject({ page: 1, limit: 5, total: 12 });
    const items = first.body.results.items as PlanItem[];
    expect(items.map((p) => `${p.tier}:${p.durationMonths}`)).toEqual([
      'basic:1',
      'basic:3',
      'basic:6',
      'basic:12',
      'standard:1',
    ]);
    expect(items[0]).toMatchObject({ name: 'Basic', fees: 99, currency: 'AED' });
    const last = await request(app.getHttpServer())
      .get('/v1/plans?page=3&limit=5')
      .set('x-site', 'ae')
      .expect(200);
    expect((last.body.results.items as PlanItem[]).map((p) => `${p.tier}:${p.durationMonths}`)).toEqual([
      'gold:6',
      'gold:12',
    ]);
  });

  it('lists the Saudi plans in SAR, named in Arabic for an Arabic request', async () => {
    const response = await request(app.getHttpServer())
      .get('/v1/plans?limit=100')
      .set('host', 'sa.localhost:3000')
      .set('language', 'ar')
      .expect(200);
    const items = response.body.results.items as PlanItem[];
    expect(items).toHaveLength(12);
    expect(items.every((p) => p.currency === 'SAR')).toBe(true);
    expect(items.map((p) => p.name)).toContain('ذهبي');
  });

  it('is open to visitors and rejects a bad page', async () => {
    await request(app.getHttpServer()).get('/v1/plans').expect(200);
    const bad = await request(app.getHttpServer()).get('/v1/plans?page=0').expect(422);
    expect(bad.body.results.fields[0].field).toBe('page');
  });

  it('reports the database in /ready', async () => {
    const ready = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(ready.body.results).toEqual({ database: 'ok', redis: 'ok' });
  });
});
