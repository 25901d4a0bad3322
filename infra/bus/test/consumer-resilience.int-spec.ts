import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';
import { register } from 'prom-client';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { EventEnvelope } from '@manzil/contracts';
import {
  busEntities,
  handleOnce,
  isInfrastructureError,
  RedisStreamsEventBus,
  runBusCli,
  type BusLogger,
  type EventBus,
} from '../src/index.js';
import {
  createTestDatabase,
  delay,
  deleteNamespace,
  eventually,
  FAST_RETRY,
  freePort,
  randomName,
  REDIS_URL,
  startOwnRedis,
  startTcpProxy,
  testEvent,
  throughProxy,
  type OwnRedis,
  type TcpProxy,
  type TestDatabase,
} from './helpers.js';

/** A logger that keeps what it was told, to count lines instead of reading the console. */
function recordingLogger(): BusLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (_fields, message) => void lines.push(message),
    error: (_fields, message) => void lines.push(message),
  };
}

async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = register.getSingleMetric(name);
  if (!metric) return 0;
  const values = (await metric.get()).values as {
    value: number;
    labels: Record<string, unknown>;
    metricName?: string;
  }[];
  // A histogram's values are its buckets, sum and count: count the observations.
  const histogram = values.some((v) => v.metricName !== undefined);
  return values
    .filter((v) => !histogram || v.metricName === `${name}_count`)
    .filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))
    .reduce((sum, v) => sum + v.value, 0);
}

describe('consumers that do not give up in under a second', () => {
  const namespace = randomName('resilience');
  const buses: EventBus[] = [];
  let db: TestDatabase;
  const topic = () => `${randomName('t')}.orders`;
  const newBus = (options: Partial<ConstructorParameters<typeof RedisStreamsEventBus>[0]> = {}) => {
    const bus = new RedisStreamsEventBus({
      clientId: 'resilience',
      redisUrl: REDIS_URL,
      namespace,
      ...options,
    });
    buses.push(bus);
    return bus;
  };
  const redis = new Redis(REDIS_URL);
  const dlqEntries = (t: string) => redis.xrange(`${namespace}:${t}.dlq`, '-', '+');

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await db?.drop();
    await deleteNamespace(namespace);
    await redis.quit();
  });

  it('handles an event whose handler fails for 2 s (its table is missing, then back), dead-lettering nothing', async () => {
    // The production policy, untouched: 1 s, 5 s, 30 s ... (before: 5 tries within 0.75 s).
    const bus = newBus();
    const t = topic();
    await db.dataSource.query(`CREATE TABLE blip_target (event_id uuid PRIMARY KEY)`);
    await db.dataSource.query(`ALTER TABLE blip_target RENAME TO blip_target_away`);
    const attempts: number[] = [];
    await bus.subscribe({
      group: 'svc',
      topics: [t],
      handler: async (event) => {
        attempts.push(Date.now());
        await handleOnce(db.dataSource, 'svc', event, (manager) =>
          manager.query(`INSERT INTO blip_target VALUES ($1)`, [event.id]),
        );
      },
    });
    const event = testEvent('k1');
    const started = Date.now();
    await bus.publish(t, event);
    await eventually(() => expect(attempts.length).toBeGreaterThan(0), 5_000);
    await delay(Math.max(0, 2_000 - (Date.now() - started)));
    await db.dataSource.query(`ALTER TABLE blip_target_away RENAME TO blip_target`);
    await eventually(async () => {
      expect(await db.dataSource.query(`SELECT event_id FROM blip_target`)).toEqual([{ event_id: event.id }]);
    }, 15_000);
    expect(await dlqEntries(t)).toEqual([]);
    await db.dataSource.query(`DROP TABLE blip_target`);
  }, 30_000);

  it('lets other keys go on while one key waits for its retry, and keeps the order of that key', async () => {
    const bus = newBus({ retry: { retryDelaysMs: [1_500] } });
    const t = topic();
    const handled: string[] = [];
    let failuresLeft = 1;
    await bus.subscribe({
      group: 'svc',
      topics: [t],
      handler: async (event) => {
        const name = (event.payload as { name: string }).name;
        if (name === 'a1' && failuresLeft-- > 0) throw new Error('a1 is not ready yet');
        handled.push(name);
      },
    });
    await bus.publish(t, testEvent('a', { name: 'a1' }));
    await bus.publish(t, testEvent('a', { name: 'a2' }));
    await eventually(() => expect(failuresLeft).toBe(0));
    await bus.publish(t, testEvent('b', { name: 'b1' }));
    await eventually(() => expect(handled).toEqual(['b1', 'a1', 'a2']), 10_000);
  });

  it('dead-letters an event that keeps failing after the policy, and bus:replay moves it back to be handled', async () => {
    const logger = recordingLogger();
    const bus = newBus({ retry: { maxAttempts: 3, retryDelaysMs: [100, 200] }, logger });
    const t = topic();
    let fixed = false;
    const attempts: number[] = [];
    const handled: string[] = [];
    await bus.subscribe({
      group: 'billing',
      topics: [t],
      handler: async (event) => {
        attempts.push(Date.now());
        // A validation error: the handler's own problem, so it goes retry → DLQ.
        if (!fixed) z.object({ amount: z.number() }).parse(event.payload);
        handled.push(event.id);
      },
    });
    const poison = testEvent('k1', { amount: 'twelve' });
    const after = testEvent('k1', { amount: 12 });
    await bus.publish(t, poison);
    await bus.publish(t, after);
    await eventually(async () => expect((await dlqEntries(t)).length).toBe(1), 5_000);
    await eventually(() => expect(handled).toEqual([after.id]));
    expect(attempts).toHaveLength(4);
    const [[, fields]] = await dlqEntries(t);
    const field = (name: string) => fields[fields.indexOf(name) + 1];
    expect(JSON.parse(field('event')).id).toBe(poison.id);
    expect({ group: field('group'), attempts: field('attempts') }).toEqual({
      group: 'billing',
      attempts: '3',
    });
    expect(logger.lines).toContain('event dead-lettered');
    expect(await metricValue('manzil_bus_dead_letters_total', { topic: t, group: 'billing' })).toBe(1);
    expect(
      await metricValue('manzil_bus_handler_failures_total', {
        topic: t,
        group: 'billing',
        reason: 'handler',
      }),
    ).toBe(3);

    // The fix is deployed; the dead letter goes back through the command a person would run.
    fixed = true;
    const printed: string[] = [];
    await runBusCli(['bus:replay', '--topic', t, '--group', 'other-service'], {
      clientId: 'ops',
      redisUrl: REDIS_URL,
      namespace,
      print: (line) => printed.push(line),
    });
    expect(await dlqEntries(t)).toHaveLength(1);
    await runBusCli(['bus:replay', '--topic', t], {
      clientId: 'ops',
      redisUrl: REDIS_URL,
      namespace,
      defaultGroup: 'billing',
      print: (line) => printed.push(line),
    });
    expect(printed).toEqual([
      `replayed 0 dead letter(s) of ${t} for group other-service; 1 left in ${t}.dlq`,
      `replayed 1 dead letter(s) of ${t} for group billing; 0 left in ${t}.dlq`,
    ]);
    await eventually(() => expect(handled).toEqual([after.id, poison.id]));
    expect(await dlqEntries(t)).toEqual([]);
    expect(await metricValue('manzil_bus_events_handled_total', { topic: t, group: 'billing' })).toBe(2);
    expect(await metricValue('manzil_bus_event_lag_seconds', { topic: t, group: 'billing' })).toBe(2);
  });

  describe('while the database is unreachable', () => {
    let proxy: TcpProxy;
    let proxied: DataSource;

    beforeAll(async () => {
      const target = new URL(db.url);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      proxied = new DataSource({
        type: 'postgres',
        url: throughProxy(db.url, proxy),
        entities: busEntities,
        extra: { max: 4, connectionTimeoutMillis: 1_000 },
      });
      await proxied.initialize();
      await proxied.query(`CREATE TABLE outage_target (event_id uuid PRIMARY KEY)`);
    });
    afterAll(async () => {
      await proxied?.destroy().catch(() => undefined);
      await proxy?.close();
    });

    it('pauses instead of spending attempts, and handles every event once it is back', async () => {
      const logger = recordingLogger();
      // Two attempts only: an outage that spent attempts would dead-letter everything at once.
      const bus = newBus({ retry: { maxAttempts: 2, ...FAST_RETRY }, logger });
      const t = topic();
      const calls: string[] = [];
      await bus.subscribe({
        group: 'projector',
        topics: [t],
        handler: async (event) => {
          calls.push(event.id);
          await handleOnce(proxied, 'projector', event, (manager) =>
            manager.query(`INSERT INTO outage_target VALUES ($1)`, [event.id]),
          );
        },
      });
      const first = testEvent('k0');
      await bus.publish(t, first);
      await eventually(async () =>
        expect(
          await db.dataSource.query(`SELECT 1 FROM outage_target WHERE event_id = $1`, [first.id]),
        ).toHaveLength(1),
      );

      await proxy.cut();
      const during = Array.from({ length: 6 }, (_, n) => testEvent(`k${n % 3}`, { n }));
      for (const event of during) await bus.publish(t, event);
      await delay(2_500);
      // Paused: nothing in the DLQ, one event probes while the others wait (no storm of attempts).
      expect(await dlqEntries(t)).toEqual([]);
      const callsWhileDown = calls.length;
      expect(logger.lines).toContain(
        'infrastructure unreachable: consumption paused, retrying without counting attempts',
      );
      expect(await metricValue('manzil_bus_consumer_paused', { group: 'projector' })).toBe(1);
      await proxy.restore();

      await eventually(async () => {
        const rows = await db.dataSource.query(`SELECT event_id FROM outage_target`);
        expect(rows.map((r: { event_id: string }) => r.event_id).sort()).toEqual(
          [first, ...during].map((e) => e.id).sort(),
        );
      }, 20_000);
      expect(await dlqEntries(t)).toEqual([]);
      expect(logger.lines).toContain('consumption resumed');
      expect(await metricValue('manzil_bus_consumer_paused', { group: 'projector' })).toBe(0);
      // The probe retried with growing pauses (50, 100, 200, 200 ... ms) rather than in a tight loop.
      expect(callsWhileDown).toBeLessThan(40);
    }, 40_000);
  });

  it('knows a real outage from a real handler error', async () => {
    const refused = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/x`,
    });
    const connectError = await refused.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isInfrastructureError(connectError)).toBe(true);

    const timeout = await db.dataSource
      .transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = 50`);
        await manager.query(`SELECT pg_sleep(1)`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isInfrastructureError(timeout)).toBe(true);

    const missingTable = await db.dataSource.query(`SELECT * FROM no_such_table`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isInfrastructureError(missingTable)).toBe(false);
    const invalid = (() => {
      try {
        z.object({ id: z.uuid() }).parse({ id: 'nope' });
      } catch (error) {
        return error;
      }
    })();
    expect(isInfrastructureError(invalid)).toBe(false);
  });
});

describe('consumer groups after a Redis restart without persistence', () => {
  let redis: OwnRedis;
  let bus: RedisStreamsEventBus | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis();
  }, 20_000);
  afterAll(async () => {
    await bus?.close().catch(() => undefined);
    await redis?.stop();
  });

  it('creates the group again and goes on handling events', async () => {
    const logger = recordingLogger();
    bus = new RedisStreamsEventBus({
      clientId: 'restart',
      redisUrl: redis.url,
      namespace: 'restart',
      logger,
    });
    const handled: EventEnvelope[] = [];
    await bus.subscribe({
      group: 'svc',
      topics: ['listings.property'],
      handler: async (e) => void handled.push(e),
    });
    const before = testEvent('k1');
    await bus.publish('listings.property', before);
    await eventually(() => expect(handled.map((e) => e.id)).toEqual([before.id]));

    await redis.restart();
    const after = testEvent('k1');
    // The publisher reconnects too; its first XADD may meet the restart.
    await eventually(() => bus!.publish('listings.property', after), 10_000);
    await eventually(() => expect(handled.map((e) => e.id)).toEqual([before.id, after.id]), 15_000);
    expect(logger.lines).toContain(
      'consumer group missing (Redis restarted without its data?): creating it again',
    );
    // Not a line every 500 ms forever: the group came back and the subscription went quiet.
    const linesNow = logger.lines.length;
    await delay(1_500);
    expect(logger.lines.length).toBe(linesNow);
    expect(linesNow).toBeLessThan(6);
  }, 40_000);
});

describe('stream retention', () => {
  const namespace = randomName('trim');
  const redis = new Redis(REDIS_URL);
  const buses: EventBus[] = [];

  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await deleteNamespace(namespace);
    await redis.quit();
  });

  it('keeps a stream bounded while events flow, and keeps what a slow group has not read', async () => {
    const bus = new RedisStreamsEventBus({
      clientId: 'trim',
      redisUrl: REDIS_URL,
      namespace,
      retention: { maxAgeMs: 200, intervalMs: 100 },
    });
    buses.push(bus);
    const t = `${randomName('t')}.orders`;
    const stream = `${namespace}:${t}`;
    const handled = new Set<string>();
    await bus.subscribe({ group: 'fast', topics: [t], handler: async (e) => void handled.add(e.id) });

    const published: string[] = [];
    const lengths: number[] = [];
    for (let round = 0; round < 30; round++) {
      const events = Array.from({ length: 100 }, (_, i) => testEvent(`k${i % 10}`));
      await Promise.all(events.map((e) => bus.publish(t, e)));
      published.push(...events.map((e) => e.id));
      lengths.push(await redis.xlen(stream));
      await delay(50);
    }
    await eventually(() => expect(handled.size).toBe(3_000), 15_000);
    // Bounded: the stream holds the last fraction of a second, not all 3,000 events.
    expect(Math.max(...lengths.slice(10))).toBeLessThan(1_500);
    await eventually(async () => expect(await redis.xlen(stream)).toBeLessThanOrEqual(100), 5_000);

    // A slow group that has read 10 entries and acked 5 of them.
    await redis.xgroup('CREATE', stream, 'slow', '$');
    const slowEvents = Array.from({ length: 20 }, (_, i) => testEvent(`s${i}`));
    for (const e of slowEvents) await bus.publish(t, e);
    const read = (await redis.xreadgroup('GROUP', 'slow', 'c1', 'COUNT', 10, 'STREAMS', stream, '>')) as [
      string,
      [string, string[]][],
    ][];
    const readIds = read[0][1].map(([id]) => id);
    await redis.xack(stream, 'slow', ...readIds.slice(0, 5));
    await eventually(() => expect(handled.size).toBe(3_020), 5_000);
    await delay(1_000); // five trim rounds, all entries far older than maxAgeMs
    const kept = (await redis.xrange(stream, '-', '+')).map(([id]) => id);
    // The 5 unacked (pending) and the 10 the slow group has not read yet are all still there.
    const slowIds = (await redis.xrange(stream, readIds[5], '+')).map(([id]) => id);
    expect(slowIds).toHaveLength(15);
    expect(kept.slice(-15)).toEqual(slowIds);
  }, 40_000);
});
