import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { busEntities, CreateOutboxInbox1710000000000, newEvent } from '../src/index.js';
import type { EventEnvelope } from '@manzil/contracts';

export const PG_URL = process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function randomName(prefix: string): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

function urlFor(database: string): string {
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  dataSource: DataSource;
  drop(): Promise<void>;
}

/** A fresh database with the bus migration run on it; drop() removes it. */
export async function createTestDatabase(prefix = 'bus'): Promise<TestDatabase> {
  const name = randomName(prefix);
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = urlFor(name);
  const dataSource = new DataSource({
    type: 'postgres',
    url,
    entities: busEntities,
    migrations: [CreateOutboxInbox1710000000000],
    extra: { max: 20 },
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return {
    url,
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Deletes every key of a bus namespace. */
export async function deleteNamespace(namespace: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}

export function testEvent(key: string, payload: Record<string, unknown> = {}): EventEnvelope {
  return newEvent({ type: 'test.happened', version: 1 }, 'ae', key, payload);
}

/** Retries an assertion until it passes or the time is up (then throws its last error). */
export async function eventually(assertion: () => void | Promise<void>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
