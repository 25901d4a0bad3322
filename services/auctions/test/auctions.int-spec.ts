import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  createTestApp,
  createMigratedDatabase,
  serviceTestEnv,
  testNamespace,
  tokenFor,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { buildDataSource } from '../src/data-source.js';

const HOUR = 3_600_000;

describe('auctions: GET /v1/auctions', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createMigratedDatabase('auctions', buildDataSource);
    app = await createTestApp(AppModule.forRoot(serviceTestEnv(db, testNamespace('auctions'))));
    const ds = app.get(DataSource);
    const now = Date.now();
    // ae: three live (ending in 3, 1, 2 hours), one upcoming, one closed; sa: two live. The
    // status is not stored: it follows from the start and end times.
    const rows: [string, string, number, number, number][] = [
      ['ae', 'live', -5, 3, 1_000_000],
      ['ae', 'live', -5, 1, 2_500_000.5],
      ['ae', 'live', -5, 2, 750_000],
      ['ae', 'upcoming', 24, 48, 900_000],
      ['ae', 'closed', -48, -24, 1_200_000],
      ['sa', 'live', -1, 5, 3_000_000],
      ['sa', 'live', -1, 6, 4_000_000],
    ];
    for (const [site, , starts, ends, price] of rows) {
      await ds.query(
        `INSERT INTO auctions (site, property_id, starts_at, ends_at, starting_price) VALUES ($1, $2, $3, $4, $5)`,
        [site, randomUUID(), new Date(now + starts * HOUR), new Date(now + ends * HOUR), price],
      );
    }
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('lists the live auctions of the site, ending soonest first, paginated', async () => {
    const first = await request(app.getHttpServer())
      .get('/v1/auctions?status=live&page=1&limit=2')
      .set('x-site', 'ae')
      .expect(200);
    expect(first.body.success).toBe(true);
    expect(first.body.results.total).toBe(3);
    expect(first.body.results.page).toBe(1);
    expect(first.body.results.limit).toBe(2);
    expect(first.body.results.items.map((a: { startingPrice: number }) => a.startingPrice)).toEqual([
      2_500_000.5, 750_000,
    ]);
    expect(first.body.results.items[0]).toMatchObject({ status: 'live', currency: 'AED' });
    const second = await request(app.getHttpServer())
      .get('/v1/auctions?status=live&page=2&limit=2')
      .set('x-site', 'ae')
      .expect(200);
    expect(second.body.results.items.map((a: { startingPrice: number }) => a.startingPrice)).toEqual([
      1_000_000,
    ]);
  });

  it('never shows one site the other site’s auctions', async () => {
    const sa = await request(app.getHttpServer())
      .get('/v1/auctions?status=live')
      .set('host', 'sa.localhost:3000')
      .expect(200);
    expect(sa.body.results.total).toBe(2);
    expect(sa.body.results.items.every((a: { currency: string }) => a.currency === 'SAR')).toBe(true);
    const all = await request(app.getHttpServer()).get('/v1/auctions').set('x-site', 'ae').expect(200);
    expect(all.body.results.total).toBe(5);
  });

  it('derives upcoming and closed from the start and end times', async () => {
    for (const [status, total] of [
      ['upcoming', 1],
      ['closed', 1],
    ] as const) {
      const response = await request(app.getHttpServer())
        .get(`/v1/auctions?status=${status}`)
        .set('x-site', 'ae')
        .expect(200);
      expect(response.body.results.total).toBe(total);
      expect(response.body.results.items[0].status).toBe(status);
    }
  });

  it('is public, and also answers a signed-in caller', async () => {
    const token = await tokenFor('user', { site: 'ae' });
    await request(app.getHttpServer())
      .get('/v1/auctions?status=upcoming')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
  });

  it('names a wrong query field in the request language', async () => {
    const response = await request(app.getHttpServer())
      .get('/v1/auctions?status=open&limit=500')
      .set('language', 'ar')
      .expect(422);
    expect(response.body.results.code).toBe('VALIDATION_FAILED');
    expect(response.body.results.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'limit',
      'status',
    ]);
  });

  it('reports the database in /ready', async () => {
    const ready = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(ready.body.results).toEqual({ database: 'ok', redis: 'ok' });
  });
});
