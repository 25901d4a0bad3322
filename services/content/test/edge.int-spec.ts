import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  createMigratedDatabase,
  createTestApp,
  checkHttpMetrics,
  driveBadInput,
  serviceTestEnv,
  testNamespace,
  type TestDatabase,
} from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import { envSchema } from '../src/config.js';
import { buildDataSource } from '../src/data-source.js';
import { seed } from '../src/seed.js';

/**
 * Generated bad input on every endpoint of the service's own /openapi.json, then its request
 * metrics, which must have counted all of it under route templates (@manzil/testing).
 */
describe('content at the edge: bad input on every endpoint of its OpenAPI document, metrics', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createMigratedDatabase('content_bad_input', buildDataSource, seed);
    app = await createTestApp(
      AppModule.forRoot(envSchema.parse(serviceTestEnv(db, testNamespace('content-bad-input')))),
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  // Found by the driver: Postgres refused the NUL ("invalid byte sequence for encoding UTF8: 0x00") → 500.
  it('answers GET /v1/pages/%00 with 400 in the request language, not 500', async () => {
    const response = await request(app.getHttpServer()).get('/v1/pages/%00').set('language', 'ar');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      status: 400,
      success: false,
      message: 'هذا الطلب غير صالح.',
      results: { code: 'INVALID_REQUEST' },
    });
    const query = await request(app.getHttpServer()).get('/v1/blogs?tag=%00');
    expect([query.status, query.body.results.fields]).toEqual([
      422,
      [{ field: 'tag', message: 'This contains characters that are not allowed.' }],
    ]);
    const body = await request(app.getHttpServer()).post('/v1/contact-us').send({
      name: 'Nul\u0000',
      email: 'a@example.com',
      countryCode: '+971',
      mobile: '501234567',
      message: 'Hi',
    });
    expect([body.status, body.body.results.fields]).toEqual([
      422,
      [{ field: 'name', message: 'This contains characters that are not allowed.' }],
    ]);
  });

  it('never answers 5xx, and always in the envelope in the request language', async () => {
    const report = await driveBadInput(app);
    expect(report.undocumented).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.operations.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('serves /metrics, counting every request under its route template', async () => {
    const { problems } = await checkHttpMetrics(app, 'content');
    expect(problems).toEqual([]);
  });
});
