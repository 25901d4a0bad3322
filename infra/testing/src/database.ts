import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, withDatabase } from '@manzil/db';

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
