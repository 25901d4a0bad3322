import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { expect } from '@jest/globals';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { busEntities, busMigrations, newEvent } from '../src/index.js';
import type { EventEnvelope } from '@manzil/contracts';

export const PG_URL = process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Retries within a test's patience: the contract is about what happens (again, then the DLQ),
 * not about the production backoff of minutes (DEFAULT_RETRY_POLICY).
 */
export const FAST_RETRY = { retryDelaysMs: [50, 100, 200], pauseProbeDelaysMs: [50, 100, 200] };

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
    migrations: busMigrations,
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

/** A free TCP port on the loopback interface (taken and released at once). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TcpProxy {
  port: number;
  /** Closes the listening socket and every open connection: clients get "connection terminated", then ECONNREFUSED. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `target` that a test can cut and restore: the real way to make a server
 * unreachable for one client without touching the server that other people use.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await freePort();
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  await listen();
  return { port, cut: close, restore: listen, close: () => (server.listening ? close() : Promise.resolve()) };
}

/** `url` with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}

export interface OwnRedis {
  url: string;
  /** SIGTERM and start again on the same port, without persistence: every key and group is gone. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A redis-server of the test's own on a free port, without persistence (never the machine's
 * Redis, which others use).
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
    await eventually(async () => {
      await probe.connect().catch(() => undefined);
      expect(await probe.ping()).toBe('PONG');
    }, 10_000);
    probe.disconnect();
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    restart: async () => {
      await stop();
      await start();
    },
    stop,
  };
}
