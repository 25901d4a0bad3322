import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
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

/**
 * Generated bad input on every endpoint of the service's own /openapi.json, then its request
 * metrics, which must have counted all of it under route templates (@manzil/testing).
 */
describe('search at the edge: bad input on every endpoint of its OpenAPI document, metrics', () => {
  let db: TestDatabase;
  let app: INestApplication;

  beforeAll(async () => {
    db = await createMigratedDatabase('search_bad_input', buildDataSource);
    app = await createTestApp(
      AppModule.forRoot(envSchema.parse(serviceTestEnv(db, testNamespace('search-bad-input')))),
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('never answers 5xx, and always in the envelope in the request language', async () => {
    const report = await driveBadInput(app);
    expect(report.undocumented).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.operations.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('serves /metrics, counting every request under its route template', async () => {
    const { problems } = await checkHttpMetrics(app, 'search');
    expect(problems).toEqual([]);
  });
});
