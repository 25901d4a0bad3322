/**
 * Event bus benchmark: events through the whole path a real event takes
 *   transaction + outbox → relay (LISTEN/NOTIFY) → Redis Streams → consumer with inbox (handleOnce)
 * measuring events/s end to end and latency from commit to handled.
 * The producer and the consumer each get a fresh database (as two services would), the bus a
 * fresh namespace; all are removed at the end.
 *
 *   npx tsx scripts/bench/bus.ts [--events 10000] [--batch 50] [--keys 500] [--rate 2500]
 *
 * After a warm-up (connection pools, JIT), two runs of --events each:
 *  - paced: the producer commits at --rate events/s, as a busy service would; latency is the
 *    pipeline's own;
 *  - unpaced: the producer commits as fast as it can; events/s is the pipeline's capacity, and
 *    latency includes the backlog that builds up behind it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';

// The workspace packages are resolved from their TypeScript source (export condition `source`),
// so the bench needs no build; Node applies conditions at startup, hence the re-exec.
if (!process.execArgv.includes('--conditions=source')) {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, '--conditions=source', ...process.argv.slice(1)],
    {
      stdio: 'inherit',
    },
  );
  process.exit(child.status ?? 1);
}
const {
  busEntities,
  CreateOutboxInbox1710000000000,
  enqueue,
  handleOnce,
  newEvent,
  OutboxRelay,
  RedisStreamsEventBus,
} = await import('@manzil/bus');

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '50' },
    keys: { type: 'string', default: '500' },
    rate: { type: 'string', default: '2500' },
  },
});
const EVENTS = Number(values.events);
const BATCH = Number(values.batch);
const KEYS = Number(values.keys);
const RATE = Number(values.rate);

const PG_URL = process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const suffix = randomBytes(4).toString('hex');
const namespace = `bench_${suffix}`;
const TOPIC = 'bench.property';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function database(name: string): Promise<DataSource> {
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataSource = new DataSource({
    type: 'postgres',
    url: url.toString(),
    entities: busEntities,
    migrations: [CreateOutboxInbox1710000000000],
    extra: { max: 20 },
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface PhaseResult {
  phase: string;
  events: number;
  pacedRate: number | 'unpaced';
  commitRate: number;
  endToEndEventsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
}

async function main(): Promise<void> {
  const producerDbName = `bench_${suffix}_producer`;
  const consumerDbName = `bench_${suffix}_consumer`;
  const opened: DataSource[] = [];
  const bus = new RedisStreamsEventBus({ clientId: 'bench', redisUrl: REDIS_URL, namespace });
  let relay: InstanceType<typeof OutboxRelay> | undefined;
  try {
    const producerDb = await database(producerDbName);
    opened.push(producerDb);
    const consumerDb = await database(consumerDbName);
    opened.push(consumerDb);
    await consumerDb.query(`CREATE TABLE projection (key text PRIMARY KEY, last_n integer NOT NULL)`);
    relay = new OutboxRelay(producerDb, bus, { batchSize: 500 });

    const committedAt = new Map<string, number>();
    const handledAt = new Map<string, number>();
    const lastN = new Map<string, number>();
    let duplicates = 0;
    let outOfOrder = 0;
    let waiting: { count: number; resolve: () => void } | undefined;

    await bus.subscribe({
      group: 'bench-consumer',
      topics: [TOPIC],
      handler: async (event) => {
        const { n } = event.payload as { n: number };
        const first = await handleOnce(consumerDb, 'bench-consumer', event, async (manager) => {
          await manager.query(
            `INSERT INTO projection (key, last_n) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET last_n = EXCLUDED.last_n`,
            [event.key, n],
          );
        });
        if (!first) {
          duplicates += 1;
          return;
        }
        if ((lastN.get(event.key) ?? -1) > n) outOfOrder += 1;
        lastN.set(event.key, n);
        handledAt.set(event.id, performance.now());
        if (waiting && handledAt.size >= waiting.count) waiting.resolve();
      },
    });
    await relay.start();

    let sequence = 0;
    const runPhase = async (phase: string, count: number, rate: number): Promise<PhaseResult> => {
      committedAt.clear();
      handledAt.clear();
      const events: EventEnvelope[] = Array.from({ length: count }, () => {
        const n = sequence++;
        return newEvent({ type: 'bench.happened', version: 1 }, 'ae', `property-${n % KEYS}`, { n });
      });
      const batches: EventEnvelope[][] = [];
      for (let i = 0; i < count; i += BATCH) batches.push(events.slice(i, i + BATCH));
      const allHandled = new Promise<void>((resolve) => (waiting = { count, resolve }));
      const started = performance.now();
      let next = 0;
      // Four writers, like concurrent requests of a service, each committing a batch per transaction.
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < batches.length) {
            const index = next++;
            if (rate > 0) {
              const wait = started + ((index * BATCH) / rate) * 1000 - performance.now();
              if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            }
            await producerDb.transaction((manager) => enqueue(manager, TOPIC, batches[index]));
            const now = performance.now();
            for (const event of batches[index]) committedAt.set(event.id, now);
          }
        }),
      );
      const produced = performance.now();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        allHandled,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${phase}: handled ${handledAt.size}/${count} in 120 s`)),
            120_000,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      const finished = Math.max(...handledAt.values());
      const latencies = events
        .map((e) => handledAt.get(e.id)! - committedAt.get(e.id)!)
        .sort((a, b) => a - b);
      const round = (ms: number) => Number(ms.toFixed(1));
      return {
        phase,
        events: count,
        pacedRate: rate > 0 ? rate : 'unpaced',
        commitRate: Math.round(count / ((produced - started) / 1000)),
        endToEndEventsPerSecond: Math.round(count / ((finished - started) / 1000)),
        latencyMs: {
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
          max: round(latencies[latencies.length - 1]),
        },
      };
    };

    await runPhase('warm-up', 1_000, RATE);
    const results = [await runPhase('paced', EVENTS, RATE), await runPhase('unpaced', EVENTS, 0)];
    console.log(
      JSON.stringify({ transactionSize: BATCH, keys: KEYS, results, duplicates, outOfOrder }, null, 2),
    );
  } finally {
    await relay?.stop();
    await bus.close();
    for (const dataSource of opened) await dataSource.destroy();
    await admin(`DROP DATABASE IF EXISTS "${producerDbName}" WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS "${consumerDbName}" WITH (FORCE)`);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${namespace}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
