import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { EventEnvelope } from '@manzil/contracts';
import {
  enqueue,
  handleOnce,
  OutboxRelay,
  RedisStreamsEventBus,
  type EventBus,
  type Subscription,
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

const namespace = randomName('bustest');
let db: TestDatabase;
let redis: Redis;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL);
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await redis.quit();
  await deleteNamespace(namespace);
  await db.drop();
});

function newBus(): EventBus {
  const bus = new RedisStreamsEventBus({ clientId: 'outbox-test', redisUrl: REDIS_URL, namespace });
  cleanups.push(() => bus.close());
  return bus;
}

async function startRelay(bus: EventBus, options: { pollIntervalMs?: number; batchSize?: number } = {}) {
  const relay = new OutboxRelay(db.dataSource, bus, options);
  await relay.start();
  cleanups.push(() => relay.stop());
  return relay;
}

/** Collects what a group receives on a topic. */
async function collect(bus: EventBus, topic: string, group = 'collector') {
  const received: EventEnvelope[] = [];
  const subscription = await bus.subscribe({
    group,
    topics: [topic],
    handler: async (e) => void received.push(e),
  });
  return { received, subscription };
}

const newTopic = () => `${randomName('t')}.property`;

describe('outbox and relay', () => {
  it('has a migration that matches the entities', async () => {
    const sql = await db.dataSource.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('never publishes the event of a rolled-back transaction', async () => {
    const bus = newBus();
    const topic = newTopic();
    const { received } = await collect(bus, topic);
    await startRelay(bus);
    const rolledBack = testEvent('p1');
    await expect(
      db.dataSource.transaction(async (manager) => {
        await enqueue(manager, topic, rolledBack);
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    const committed = testEvent('p1');
    await db.dataSource.transaction((manager) => enqueue(manager, topic, committed));
    await eventually(() => expect(received.map((e) => e.id)).toEqual([committed.id]));
    await delay(200);
    expect(received.map((e) => e.id)).toEqual([committed.id]);
    expect(await redis.xlen(`${namespace}:${topic}`)).toBe(1);
  });

  it('publishes each committed event exactly once, in order per key, with two relays running', async () => {
    const bus = newBus();
    const topic = newTopic();
    const { received } = await collect(bus, topic);
    await startRelay(bus, { batchSize: 20 });
    await startRelay(newBus(), { batchSize: 20 });
    const events = Array.from({ length: 300 }, (_, n) => testEvent(`p${n % 7}`, { n }));
    for (let i = 0; i < events.length; i += 10) {
      await db.dataSource.transaction((manager) => enqueue(manager, topic, events.slice(i, i + 10)));
    }
    await eventually(() => expect(received).toHaveLength(300), 10_000);
    await delay(300);
    expect(await redis.xlen(`${namespace}:${topic}`)).toBe(300);
    expect(new Set(received.map((e) => e.id)).size).toBe(300);
    for (let k = 0; k < 7; k++) {
      const ns = received.filter((e) => e.key === `p${k}`).map((e) => (e.payload as { n: number }).n);
      expect(ns).toEqual([...ns].sort((a, b) => a - b));
    }
    const [{ unpublished }] = await db.dataSource.query(
      `SELECT count(*)::int AS unpublished FROM outbox WHERE published_at IS NULL`,
    );
    expect(unpublished).toBe(0);
  });

  it('is woken by NOTIFY and publishes quickly', async () => {
    const bus = newBus();
    const topic = newTopic();
    const { received } = await collect(bus, topic);
    // Polling every minute: only the NOTIFY can explain a quick publish.
    await startRelay(bus, { pollIntervalMs: 60_000 });
    await delay(200);
    const started = Date.now();
    await db.dataSource.transaction((manager) => enqueue(manager, topic, testEvent('p1')));
    await eventually(() => expect(received).toHaveLength(1), 2_000);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('still publishes by polling when a NOTIFY is missed', async () => {
    const bus = newBus();
    const topic = newTopic();
    const { received } = await collect(bus, topic);
    await startRelay(bus, { pollIntervalMs: 200 });
    await delay(100);
    const event = testEvent('p1');
    // Written without enqueue, so no NOTIFY is sent.
    await db.dataSource.query(`INSERT INTO outbox (topic, key, event) VALUES ($1, $2, $3)`, [
      topic,
      event.key,
      JSON.stringify(event),
    ]);
    await eventually(() => expect(received.map((e) => e.id)).toEqual([event.id]), 2_000);
  });
});

describe('consumers', () => {
  it('gives the event of a consumer that crashed mid-handler to another consumer', async () => {
    const bus = newBus();
    const topic = newTopic();
    const stream = `${namespace}:${topic}`;
    await bus
      .subscribe({ group: 'search', topics: [topic], handler: async () => undefined })
      .then((s) => s.stop());
    const event = testEvent('p1');
    await bus.publish(topic, event);
    // The crashed instance: it read the entry (now pending under its name) and died before XACK.
    const read = (await redis.xreadgroup(
      'GROUP',
      'search',
      'crashed-pod',
      'COUNT',
      10,
      'STREAMS',
      stream,
      '>',
    )) as [string, [string, string[]][]][];
    expect(read[0][1]).toHaveLength(1);
    const received: { id: string; by: string }[] = [];
    await bus.subscribe({
      group: 'search',
      topics: [topic],
      consumerName: 'healthy-pod',
      claimIdleMs: 200,
      handler: async (e) => void received.push({ id: e.id, by: 'healthy-pod' }),
    });
    await eventually(() => expect(received).toEqual([{ id: event.id, by: 'healthy-pod' }]), 3_000);
    await eventually(async () =>
      expect(await redis.xpending(stream, 'search')).toEqual([0, null, null, null]),
    );
  });

  it('handles a duplicate delivery once through the inbox', async () => {
    await db.dataSource.query(`CREATE TABLE side_effects (event_id uuid NOT NULL)`);
    cleanups.push(async () => void (await db.dataSource.query(`DROP TABLE side_effects`)));
    const bus = newBus();
    const topic = newTopic();
    const outcomes: boolean[] = [];
    await bus.subscribe({
      group: 'notifications',
      topics: [topic],
      handler: async (e) => {
        outcomes.push(
          await handleOnce(db.dataSource, 'notifications', e, (manager) =>
            manager.query(`INSERT INTO side_effects VALUES ($1)`, [e.id]),
          ),
        );
      },
    });
    const event = testEvent('p1');
    await bus.publish(topic, event);
    await bus.publish(topic, event);
    await eventually(() => expect(outcomes).toEqual([true, false]));
    // Two deliveries racing each other: the inbox key lets exactly one through.
    const racing = testEvent('p2');
    const raced = await Promise.all(
      [1, 2, 3].map(() =>
        handleOnce(db.dataSource, 'notifications', racing, async (manager) => {
          await manager.query(`INSERT INTO side_effects VALUES ($1)`, [racing.id]);
          await delay(50);
        }),
      ),
    );
    expect(raced.filter(Boolean)).toHaveLength(1);
    const rows = await db.dataSource.query(`SELECT event_id FROM side_effects ORDER BY event_id`);
    expect(rows.map((r: { event_id: string }) => r.event_id).sort()).toEqual([event.id, racing.id].sort());
    // A failed handler leaves no inbox row, so the redelivery runs it again.
    const failing = testEvent('p3');
    await expect(
      handleOnce(db.dataSource, 'notifications', failing, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await handleOnce(db.dataSource, 'notifications', failing, async () => undefined)).toBe(true);
  });

  it('catches up with nothing lost after being down while 100 events were published', async () => {
    const bus = newBus();
    const topic = newTopic();
    await startRelay(bus);
    const handled: string[] = [];
    const keyOf = new Map<string, string>();
    const subscribe = (): Promise<Subscription> =>
      bus.subscribe({
        group: 'search',
        topics: [topic],
        handler: async (e) => {
          if (await handleOnce(db.dataSource, 'search', e, async () => undefined)) {
            handled.push(e.id);
            keyOf.set(e.id, e.key);
          }
        },
      });
    const first = await subscribe();
    const before = Array.from({ length: 10 }, (_, n) => testEvent(`p${n % 3}`, { n }));
    await db.dataSource.transaction((manager) => enqueue(manager, topic, before));
    await eventually(() => expect(handled).toHaveLength(10));
    await first.stop();
    const whileDown = Array.from({ length: 100 }, (_, n) => testEvent(`p${n % 3}`, { n }));
    for (let i = 0; i < 100; i += 25) {
      await db.dataSource.transaction((manager) => enqueue(manager, topic, whileDown.slice(i, i + 25)));
    }
    await eventually(async () => expect(await redis.xlen(`${namespace}:${topic}`)).toBe(110));
    expect(handled).toHaveLength(10);
    await subscribe();
    await eventually(() => expect(handled).toHaveLength(110), 5_000);
    expect([...handled.slice(10)].sort()).toEqual(whileDown.map((e) => e.id).sort());
    for (const key of ['p0', 'p1', 'p2']) {
      expect(handled.slice(10).filter((id) => keyOf.get(id) === key)).toEqual(
        whileDown.filter((e) => e.key === key).map((e) => e.id),
      );
    }
  });
});
