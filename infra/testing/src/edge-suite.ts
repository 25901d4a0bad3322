import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { createTestApp } from './app.js';
import { driveBadInput } from './bad-input.js';
import { createMigratedDatabase, serviceTestEnv, testNamespace, type TestDatabase } from './database.js';
import { checkHttpMetrics } from './metrics.js';

export interface EdgeSuiteOptions {
  /** The service's name, as its metrics and its database prefix know it. */
  service: string;
  buildDataSource: (url: string) => DataSource;
  /** Seed data the endpoints need to reach their deeper paths. */
  seed?: (dataSource: DataSource) => Promise<void>;
  /** The service's module for the test environment (`AppModule.forRoot(envSchema.parse(env))`). */
  appModule: (env: ReturnType<typeof serviceTestEnv>) => DynamicModule;
  /** More tests of the same running service (before the generated input), given a getter for its app. */
  more?: (app: () => INestApplication) => void;
}

/**
 * Each service's edge suite: generated bad input on every endpoint of its own /openapi.json
 * (never a 5xx, always the envelope in the request language), then its request metrics, which
 * must have counted all of it under route templates.
 */
export function describeEdge({ service, buildDataSource, seed, appModule, more }: EdgeSuiteOptions): void {
  describe(`${service} at the edge: bad input on every endpoint of its OpenAPI document, metrics`, () => {
    let db: TestDatabase;
    let app: INestApplication;

    beforeAll(async () => {
      db = await createMigratedDatabase(`${service}_bad_input`, buildDataSource, seed);
      app = await createTestApp(appModule(serviceTestEnv(db, testNamespace(`${service}-bad-input`))));
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await db?.drop();
    });

    more?.(() => app);

    it('never answers 5xx, and always in the envelope in the request language', async () => {
      const report = await driveBadInput(app);
      expect(report.undocumented).toEqual([]);
      expect(report.failures).toEqual([]);
      expect(report.operations.length).toBeGreaterThanOrEqual(3);
    }, 120_000);

    it('serves /metrics, counting every request under its route template', async () => {
      const { problems } = await checkHttpMetrics(app, service);
      expect(problems).toEqual([]);
    });
  });
}
