import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, withDatabase } from '@manzil/db';
import { testJwksUrl } from './tokens.js';

/** The Postgres server tests may create databases in (set by the jest global setup). */
export function testServerUrl(): string {
  return process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function testRedisUrl(): string {
  return process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file; `drop()` in afterAll. */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `t_${prefix.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(testServerUrl(), name);
  await ensureDatabase(url);
  return { url, drop: () => dropDatabase(url) };
}

/** A fresh Redis key namespace for one test file (stream keys, caches, limits). */
export function testNamespace(prefix: string): string {
  return `t:${prefix}:${randomBytes(4).toString('hex')}`;
}

/**
 * A fresh database for one test file with the service's real migrations applied, then
 * `prepare` (a seed, say) run on it before any app opens it.
 */
export async function createMigratedDatabase(
  prefix: string,
  buildDataSource: (url: string) => import('typeorm').DataSource,
  prepare?: (dataSource: import('typeorm').DataSource) => Promise<void>,
): Promise<TestDatabase> {
  const db = await createTestDatabase(prefix);
  const dataSource = buildDataSource(db.url);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
    await prepare?.(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return db;
}

/**
 * The environment a service's AppModule gets in an integration test: its fresh database, the
 * test Redis, a fresh bus namespace (unless one is shared between services) and the test JWKS.
 */
export function serviceTestEnv(db: TestDatabase, namespace: string) {
  return {
    NODE_ENV: 'test' as const,
    LOG_LEVEL: 'silent' as const,
    PORT: 0,
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    BUS_NAMESPACE: namespace,
    JWT_JWKS_URL: testJwksUrl(),
    JWT_ISSUER: 'manzil-identity',
    JWT_AUDIENCE: 'manzil',
    AUTH_REDIS_GRACE_SECONDS: 30,
  };
}
