import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { register } from 'prom-client';
import type { EventEnvelope } from '@manzil/contracts';
import {
  busMigrations,
  enqueue,
  listDeadOutbox,
  outboxCommands,
  OutboxRelay,
  RedisStreamsEventBus,
  watchOutbox,
  type EventBus,
  type OutboxRelayOptions,
} from '../src/index.js';
import {
  createTestDatabase,
  delay,
  deleteNamespace,
  eventually,
  randomName,
  REDIS_URL,
  testEvent,
  type TestDatabase,
} from './helpers.js';

const namespace = randomName('busdead');
let db: TestDatabase;
let redis: Redis;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await db.dataSource.query(`TRUNCATE "outbox", "outbox_dead"`);
});

afterAll(async () => {
  await redis.quit();
  await deleteNamespace(namespace);
  await db.drop();
});

function newBus(): EventBus {
  const bus = new RedisStreamsEventBus({ clientId: 'outbox-dead-test', redisUrl: REDIS_URL, namespace });
  cleanups.push(() => bus.close());
  return bus;
}

async function startRelay(bus: EventBus, options: OutboxRelayOptions) {
  const relay = new OutboxRelay(db.dataSource, bus, {
    logger: { info: () => undefined, error: () => undefined },
    ...options,
  });
  await relay.start();
  cleanups.push(() => relay.stop());
  return relay;
}

async function collect(bus: EventBus, topic: string) {
  const received: EventEnvelope[] = [];
  await bus.subscribe({ group: 'collector', topics: [topic], handler: async (e) => void received.push(e) });
  return received;
}

const newTopic = () => `${randomName('t')}.property`;

/** A topic whose stream key holds a string: Redis refuses every XADD to it (WRONGTYPE). */
async function poisonedTopic(): Promise<{ topic: string; cure: () => Promise<void> }> {
  const topic = newTopic();
  await redis.set(`${namespace}:${topic}`, 'not a stream');
  return { topic, cure: async () => void (await redis.del(`${namespace}:${topic}`)) };
}

const write = (topic: string, events: EventEnvelope[]) =>
  db.dataSource.transaction((manager) => enqueue(manager, topic, events));

interface OutboxState {
  id: string;
  attempts: number;
  nextAttemptAt: Date | null;
  lastError: string | null;
}
const outboxRow = async (eventId: string): Promise<OutboxState | undefined> =>
  (
    (await db.dataSource.query(
      `SELECT "id", "attempts", "next_attempt_at" AS "nextAttemptAt", "last_error" AS "lastError"
       FROM "outbox" WHERE "event"->>'id' = $1`,
      [eventId],
    )) as OutboxState[]
  )[0];

describe('outbox rows the bus refuses', () => {
  it('do not hold back the rows of other aggregates, even when they fill whole batches', async () => {
    const bus = newBus();
    const good = newTopic();
    const received = await collect(bus, good);
    const { topic: bad } = await poisonedTopic();
    // Ten refused rows first, on ten keys: more than a batch of five.
    const poison = Array.from({ length: 10 }, (_, n) => testEvent(`q${n}`, { n }));
    await write(bad, poison);
    const events = Array.from({ length: 20 }, (_, n) => testEvent(`p${n % 4}`, { n }));
    await write(good, events);
    await startRelay(bus, { batchSize: 5, pollIntervalMs: 50, retryBaseMs: 60_000, maxAttempts: 3 });
    await eventually(() => expect(received).toHaveLength(20), 5_000);
    expect(received.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    for (const event of poison) {
      const row = await outboxRow(event.id);
      expect(row?.attempts).toBe(1);
      expect(row?.lastError).toMatch(/WRONGTYPE/);
      expect(row?.nextAttemptAt).not.toBeNull();
    }
  });

  it('do not slow the relay down for everyone else', async () => {
    const bus = newBus();
    const good = newTopic();
    const received = await collect(bus, good);
    const { topic: bad } = await poisonedTopic();
    // Polling once a minute: only NOTIFY wakes the relay, as in production.
    const relay = await startRelay(bus, {
      pollIntervalMs: 60_000,
      retryBaseMs: 50,
      retryMaxMs: 50,
      maxAttempts: 1_000,
    });
    await write(bad, [testEvent('q1')]);
    // Keep the refused row failing for a while: a relay that backs off as a whole is asleep by now.
    const poisonRow = async () => (await db.dataSource.query(`SELECT "attempts" FROM "outbox"`))[0];
    await eventually(async () => expect((await poisonRow()).attempts).toBeGreaterThanOrEqual(1), 3_000);
    await delay(3_000);
    // Later writes wake the relay (their NOTIFY); with backoff per key they go through at once.
    for (let n = 0; n < 3; n++) {
      const event = testEvent(`p${n}`);
      await write(good, [event]);
      await eventually(() => expect(received.map((e) => e.id)).toContain(event.id), 1_500);
    }
    expect(relay.retryDelayMs(1)).toBe(50);
  });

  it('are retried with growing backoff, then parked in outbox_dead; later rows of the key wait for a replay', async () => {
    const bus = newBus();
    const { topic, cure } = await poisonedTopic();
    const relay = await startRelay(bus, {
      pollIntervalMs: 20,
      retryBaseMs: 300,
      maxAttempts: 3,
      name: 'dead-test',
    });
    const stopWatching = watchOutbox('dead-test', db.dataSource);
    cleanups.push(async () => stopWatching());
    const first = testEvent('k1', { n: 1 });
    const later = [testEvent('k1', { n: 2 }), testEvent('k1', { n: 3 })];
    await write(topic, [first, ...later]);

    // Each failure is counted and pushes the next attempt back; attempts never come early.
    const seen = new Map<number, number>();
    await eventually(async () => {
      const row = await outboxRow(first.id);
      if (row?.nextAttemptAt) seen.set(row.attempts, new Date(row.nextAttemptAt).getTime());
      expect(row).toBeUndefined();
    }, 10_000);
    expect([...seen.keys()].sort()).toEqual([1, 2]);
    expect(seen.get(2)! - seen.get(1)!).toBeGreaterThanOrEqual(relay.retryDelayMs(2));
    expect(relay.retryDelayMs(2)).toBe(600);

    const { items, total } = await listDeadOutbox(db.dataSource, { page: 1, limit: 10 });
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({ topic, key: 'k1', attempts: 3 });
    expect(items[0].event.id).toBe(first.id);
    expect(items[0].lastError).toMatch(/WRONGTYPE/);
    const metrics = await register.metrics();
    expect(metrics).toMatch(/manzil_outbox_dead_rows\{service="dead-test"\} 1/);
    expect(metrics).toMatch(/manzil_outbox_dead_total\{service="dead-test"\} 1/);
    expect(metrics).toMatch(/manzil_outbox_pending_rows\{service="dead-test"\} 2/);

    // The stream is fixed, but the later rows of k1 must not overtake the parked one.
    await cure();
    const consumer = await collect(bus, topic);
    await delay(500);
    expect(consumer).toHaveLength(0);
    const [{ waiting }] = await db.dataSource.query(
      `SELECT count(*)::int AS "waiting" FROM "outbox" WHERE "published_at" IS NULL AND "attempts" = 0`,
    );
    expect(waiting).toBe(2);

    const id = items[0].id;
    expect(await outboxCommands['outbox:replay'](db.dataSource, ['--id', id])).toBe(
      `replayed 1 row(s): ${id}`,
    );
    await eventually(
      () => expect(consumer.map((e) => e.id)).toEqual([first.id, ...later.map((e) => e.id)]),
      5_000,
    );
    expect((await listDeadOutbox(db.dataSource, { page: 1, limit: 10 })).total).toBe(0);
    expect(await register.getSingleMetricAsString('manzil_outbox_dead_rows')).toMatch(
      /manzil_outbox_dead_rows\{service="dead-test"\} 0/,
    );
  });

  it('can be discarded, which lets the later rows of the key go', async () => {
    const bus = newBus();
    const { topic, cure } = await poisonedTopic();
    await startRelay(bus, { pollIntervalMs: 20, retryBaseMs: 20, maxAttempts: 2 });
    const first = testEvent('k1', { n: 1 });
    const later = testEvent('k1', { n: 2 });
    await write(topic, [first, later]);
    await eventually(async () =>
      expect((await listDeadOutbox(db.dataSource, { page: 1, limit: 10 })).total).toBe(1),
    );
    await cure();
    const consumer = await collect(bus, topic);
    const [dead] = (await listDeadOutbox(db.dataSource, { page: 1, limit: 10 })).items;
    expect(await outboxCommands['outbox:discard'](db.dataSource, ['--id', dead.id])).toBe(
      `discarded 1 row(s): ${dead.id}`,
    );
    await eventually(() => expect(consumer.map((e) => e.id)).toEqual([later.id]), 5_000);
  });

  it('are listed a page at a time, by site, and replayed all at once', async () => {
    const bus = newBus();
    const { topic, cure } = await poisonedTopic();
    const relay = new OutboxRelay(db.dataSource, bus, {
      maxAttempts: 1,
      logger: { info: () => undefined, error: () => undefined },
    });
    const events = Array.from({ length: 5 }, (_, n) => ({
      ...testEvent(`k${n}`, { n }),
      site: n < 3 ? 'ae' : 'sa',
    }));
    await write(topic, events as EventEnvelope[]);
    // One pass by hand: every row is refused once and, with maxAttempts 1, parked.
    expect(await relay.publishBatch()).toMatchObject({ locked: 5, published: 0, failed: 5, parked: 5 });
    const page1 = await listDeadOutbox(db.dataSource, { page: 1, limit: 2, site: 'ae' });
    const page2 = await listDeadOutbox(db.dataSource, { page: 2, limit: 2, site: 'ae' });
    expect(page1.total).toBe(3);
    expect([...page1.items, ...page2.items].map((r) => r.event.id)).toEqual(
      events.slice(0, 3).map((e) => e.id),
    );
    expect((await listDeadOutbox(db.dataSource, { page: 1, limit: 10, site: 'sa' })).total).toBe(2);
    await expect(outboxCommands['outbox:replay'](db.dataSource, [])).rejects.toThrow(/usage/);
    await cure();
    const consumer = await collect(bus, topic);
    expect(await outboxCommands['outbox:replay'](db.dataSource, ['--all'])).toMatch(/^replayed 5 row\(s\)/);
    expect(await relay.publishBatch()).toMatchObject({ published: 5, failed: 0 });
    await eventually(() => expect(consumer.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort()));
  });
});

/** A redis-server of the test's own on a free port, to take away and bring back. */
async function ownRedis(): Promise<{ url: string; start(): Promise<void>; stop(): Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    child.unref();
    await eventually(async () => {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      try {
        await probe.connect();
        expect(await probe.ping()).toBe('PONG');
      } finally {
        probe.disconnect();
      }
    }, 5_000);
  };
  const stop = async () => {
    const client = new Redis(url, {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      autoResendUnfulfilledCommands: false,
    });
    // The server closes the connection instead of answering.
    await client.call('SHUTDOWN', 'NOSAVE').catch(() => undefined);
    client.disconnect();
  };
  return { url, start, stop };
}

describe('an unreachable bus', () => {
  it('pauses the relay without counting attempts or parking anything, and it resumes when the bus is back', async () => {
    const server = await ownRedis();
    await server.start();
    cleanups.push(() => server.stop());
    const bus = new RedisStreamsEventBus({ clientId: 'outage-test', redisUrl: server.url, namespace });
    cleanups.push(() => bus.close());
    const topic = newTopic();
    const passes: { busUnavailable?: boolean }[] = [];
    await startRelay(bus, {
      pollIntervalMs: 50,
      maxAttempts: 1,
      logger: { info: () => undefined, error: (o) => void passes.push(o) },
    });
    await server.stop();
    const event = testEvent('k1');
    await write(topic, [event]);
    // ioredis gives up on a queued command after its reconnection attempts (about 10 s).
    await eventually(() => expect(passes.some((p) => p.busUnavailable === true)).toBe(true), 30_000);
    expect(await outboxRow(event.id)).toMatchObject({ attempts: 0, nextAttemptAt: null });
    expect((await listDeadOutbox(db.dataSource, { page: 1, limit: 10 })).total).toBe(0);
    await server.start();
    await eventually(async () => {
      const [row] = await db.dataSource.query(
        `SELECT "published_at" FROM "outbox" WHERE "event"->>'id' = $1`,
        [event.id],
      );
      expect(row.published_at).not.toBeNull();
    }, 30_000);
    const check = new Redis(server.url);
    expect(await check.xlen(`${namespace}:${topic}`)).toBe(1);
    check.disconnect();
  }, 90_000);
});

describe('the migration', () => {
  it('goes down (parked rows back into the outbox) and up again', async () => {
    const bus = newBus();
    const { topic } = await poisonedTopic();
    const relay = new OutboxRelay(db.dataSource, bus, {
      maxAttempts: 1,
      logger: { info: () => undefined, error: () => undefined },
    });
    const event = testEvent('k1');
    await write(topic, [event]);
    expect(await relay.publishBatch()).toMatchObject({ parked: 1 });
    const tables = async () =>
      (
        await db.dataSource.query(
          `SELECT table_name AS "name" FROM information_schema.tables WHERE table_name IN ('outbox', 'outbox_dead', 'inbox') ORDER BY 1`,
        )
      ).map((r: { name: string }) => r.name);
    expect(await tables()).toEqual(['inbox', 'outbox', 'outbox_dead']);
    await db.dataSource.undoLastMigration();
    expect(await tables()).toEqual(['inbox', 'outbox']);
    expect(
      (await db.dataSource.query(`SELECT "event"->>'id' AS "id" FROM "outbox"`)).map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([event.id]);
    await db.dataSource.runMigrations();
    expect(await tables()).toEqual(['inbox', 'outbox', 'outbox_dead']);
    const sql = await db.dataSource.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
    expect(busMigrations).toHaveLength(2);
  });
});
