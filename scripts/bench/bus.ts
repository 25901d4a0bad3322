/**
 * Event bus benchmark: events through the whole path a real event takes
 *   transaction + outbox → relay (LISTEN/NOTIFY) → bus → consumer with inbox (handleOnce)
 * measuring events/s end to end and latency from commit to handled, on Redis Streams and, when a
 * broker is given, on Kafka, side by side.
 * The producer and the consumer each get a fresh database (as two services would), the bus a
 * fresh namespace (Redis keys, Kafka topic and groups); all are removed at the end. In the
 * end-to-end runs the consuming service runs in a worker thread of its own
 * (scripts/bench/bus-consumer.ts), as it runs in a process of its own in production: with the
 * producer, the relay and the consumer on one event loop, the bench measured one Node thread.
 *
 *   npx tsx scripts/bench/bus.ts [--events 10000] [--batch 50] [--keys 500] [--rate 2500]
 *        [--bus redis|kafka] [--kafka] [--brokers host:port] [--partitions 8] [--breakdown]
 *
 * Engines: Redis always (MANZIL_TEST_REDIS_URL, default redis://127.0.0.1:6379); Kafka too when
 * --brokers or KAFKA_BROKERS is set, or with --kafka, which starts a broker itself through
 * scripts/engines.mjs (one KRaft node from Maven Central's jars, as `npm test` does; one already
 * started by `node scripts/engines.mjs start kafka` is used) and stops what it started; --bus
 * picks one.
 * After a warm-up (connection pools, JIT), two runs of --events each:
 *  - paced: the producer commits at --rate events/s, as a busy service would; latency is the
 *    pipeline's own;
 *  - unpaced: the producer commits as fast as it can; events/s is the pipeline's capacity, and
 *    latency includes the backlog that builds up behind it.
 * --breakdown then measures each stage alone (commit into the outbox, relay to the bus, consumer
 * with a no-op handler, consumer through handleOnce), to see where the time goes.
 * CPU per event is counted for this process (all its threads; of which in the kernel), for the
 * Postgres backends serving the two databases and for the Redis server (read from /proc, so only
 * when they run on this machine): it moves less than events/s when other jobs share the machine,
 * but it does move (cache and scheduler contention): compare figures taken on an idle machine.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import kafkajs from 'kafkajs';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { processCpu, processCpuMs } from './service-process.js';

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
const { busEntities, busMigrations, enqueue, KafkaEventBus, newEvent, OutboxRelay, RedisStreamsEventBus } =
  await import('@manzil/bus');
type EventBus = import('@manzil/bus').EventBus;
const { project: projectOnce } = await import('./bus-consumer.js');
type ConsumerWorkerData = import('./bus-consumer.js').ConsumerWorkerData;
type ConsumerMessage = import('./bus-consumer.js').ConsumerMessage;

/** Epoch milliseconds with sub-millisecond precision, comparable across threads. */
const now = () => performance.timeOrigin + performance.now();

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    batch: { type: 'string', default: '50' },
    keys: { type: 'string', default: '500' },
    rate: { type: 'string', default: '2500' },
    bus: { type: 'string' },
    brokers: { type: 'string' },
    partitions: { type: 'string', default: '8' },
    breakdown: { type: 'boolean', default: false },
    kafka: { type: 'boolean', default: false },
  },
});
const EVENTS = Number(values.events);
const BATCH = Number(values.batch);
const KEYS = Number(values.keys);
const RATE = Number(values.rate);
const PARTITIONS = Number(values.partitions);
let BROKERS = (values.brokers ?? process.env.KAFKA_BROKERS ?? '').split(',').filter((b) => b.trim() !== '');
/** The broker --kafka started (scripts/engines.mjs), stopped at the end; none when one was given. */
let startedEngines: { stop(): Promise<void> } | undefined;
if ((values.kafka || values.bus === 'kafka') && BROKERS.length === 0) {
  // A plain .mjs of the repository's scripts, imported by URL so the type checker leaves it alone.
  const { ensureEngines } = (await import(new URL('../engines.mjs', import.meta.url).href)) as {
    ensureEngines(options: { kafka: boolean; opensearch: boolean }): Promise<{
      kafka?: { brokers?: string[]; skipped?: string };
      stop(): Promise<void>;
    }>;
  };
  const engines = await ensureEngines({ kafka: true, opensearch: false });
  startedEngines = engines;
  if (engines.kafka?.brokers) BROKERS = engines.kafka.brokers;
  else console.log(`kafka: not run, ${engines.kafka?.skipped ?? 'no broker'}`);
}
const ENGINES = values.bus ? [values.bus] : BROKERS.length > 0 ? ['redis', 'kafka'] : ['redis'];
if (ENGINES.some((e) => e !== 'redis' && e !== 'kafka')) throw new Error('--bus is redis or kafka');
if (ENGINES.includes('kafka') && BROKERS.length === 0)
  throw new Error('--bus kafka needs --brokers or KAFKA_BROKERS');

const PG_URL = process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const suffix = randomBytes(4).toString('hex');
const TOPIC = 'bench.property';
/** The breakdown's own topic, so its consumers do not read the end-to-end run's events. */
const STAGES_TOPIC = 'bench.stages';
const CONSUMER = 'bench-consumer';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const created: string[] = [];
async function database(name: string): Promise<DataSource> {
  await admin(`CREATE DATABASE "${name}"`);
  created.push(name);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dataSource = new DataSource({
    type: 'postgres',
    url: url.toString(),
    entities: busEntities,
    migrations: busMigrations,
    extra: { max: 20 },
  });
  await dataSource.initialize();
  await dataSource.runMigrations();
  return dataSource;
}

// ------------------------------------------------------------------------------------------
// CPU per event: this process, and the Postgres backends of the bench's databases.

async function postgresCpuMs(dataSources: DataSource[]): Promise<{ total: number; sys: number } | null> {
  let total = 0;
  let sys = 0;
  for (const dataSource of dataSources) {
    const rows = (await dataSource.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database()`,
    )) as { pid: number }[];
    for (const { pid } of rows) {
      try {
        const cpu = processCpu(pid);
        total += cpu.totalMs;
        sys += cpu.systemMs;
      } catch {
        return null;
      }
    }
  }
  return { total, sys };
}

/** The Redis server's CPU (ms), when it runs on this machine; null otherwise. */
async function redisCpuMs(): Promise<number | null> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    const pid = /process_id:(\d+)/.exec(await redis.info('server'))?.[1];
    if (!pid) return null;
    return processCpuMs(Number(pid));
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}

interface CpuPerEvent {
  /** Microseconds of CPU per event in this process (producer, relay and consumer together). */
  nodeUs: number;
  /** Of which in the kernel (socket writes and reads, wakeups). */
  nodeSysUs: number;
  /** In the Postgres backends of the two databases; null when Postgres is not on this machine. */
  postgresUs: number | null;
  /** Of which in the kernel. */
  postgresSysUs: number | null;
  /** In the Redis server (the bus on Redis Streams; BullMQ and caches elsewhere); null when not local. */
  redisUs: number | null;
}

async function meter(dataSources: DataSource[]): Promise<(events: number) => Promise<CpuPerEvent>> {
  const node = process.cpuUsage();
  const postgres = await postgresCpuMs(dataSources);
  const redis = await redisCpuMs();
  return async (events) => {
    const used = process.cpuUsage(node);
    const after = await postgresCpuMs(dataSources);
    const redisAfter = await redisCpuMs();
    return {
      nodeUs: Math.round((used.user + used.system) / events),
      nodeSysUs: Math.round(used.system / events),
      postgresUs:
        postgres === null || after === null
          ? null
          : Math.round(((after.total - postgres.total) * 1000) / events),
      postgresSysUs:
        postgres === null || after === null ? null : Math.round(((after.sys - postgres.sys) * 1000) / events),
      redisUs:
        redis === null || redisAfter === null ? null : Math.round(((redisAfter - redis) * 1000) / events),
    };
  };
}

// ------------------------------------------------------------------------------------------
// Engines

interface Engine {
  name: string;
  namespace: string;
  bus: EventBus;
  close(): Promise<void>;
}

async function openEngine(name: string): Promise<Engine> {
  const namespace = `bench_${suffix}_${name}`;
  if (name === 'redis') {
    const bus = new RedisStreamsEventBus({ clientId: 'bench', redisUrl: REDIS_URL, namespace });
    return {
      name,
      namespace,
      bus,
      async close() {
        await bus.close();
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${namespace}:*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
      },
    };
  }
  // Topic auto-creation is off on our brokers, as in production: the bench declares its topics.
  const kafkaAdmin = new kafkajs.Kafka({
    clientId: 'bench-admin',
    brokers: BROKERS,
    logLevel: kafkajs.logLevel.WARN,
  }).admin();
  await kafkaAdmin.connect();
  const topics = [TOPIC, STAGES_TOPIC].flatMap((t) => [`${namespace}.${t}`, `${namespace}.${t}.dlq`]);
  await kafkaAdmin.createTopics({
    topics: topics.map((topic) => ({ topic, numPartitions: PARTITIONS, replicationFactor: 1 })),
  });
  // A just-created topic answers "unknown topic" for a moment on a KRaft broker: wait for its leaders.
  for (;;) {
    const ready = await kafkaAdmin
      .fetchTopicMetadata({ topics })
      .then((m) => m.topics.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)))
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const bus = new KafkaEventBus({ clientId: 'bench', brokers: BROKERS, namespace });
  return {
    name,
    namespace,
    bus,
    async close() {
      await bus.close();
      await kafkaAdmin.deleteTopics({ topics }).catch(() => undefined);
      await kafkaAdmin.disconnect();
    },
  };
}

// ------------------------------------------------------------------------------------------
// End to end

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
  cpuPerEvent: CpuPerEvent;
  /** /proc/loadavg's 1-minute figure at the end of the run (other jobs on the machine show here). */
  loadAverage: number | null;
}

/** The 1-minute load average, where /proc has it. */
function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

let sequence = 0;
function benchEvents(count: number): EventEnvelope[] {
  return Array.from({ length: count }, () => {
    const n = sequence++;
    return newEvent({ type: 'bench.happened', version: 1 }, 'ae', `property-${n % KEYS}`, { n });
  });
}

/** Commits `events` in transactions of BATCH from four writers (concurrent requests of a service), paced at `rate` if > 0. */
async function produce(
  producerDb: DataSource,
  topic: string,
  events: EventEnvelope[],
  rate: number,
  committed?: (batch: EventEnvelope[], at: number) => void,
): Promise<number> {
  const batches: EventEnvelope[][] = [];
  for (let i = 0; i < events.length; i += BATCH) batches.push(events.slice(i, i + BATCH));
  const started = now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const index = next++;
        if (rate > 0) {
          const wait = started + ((index * BATCH) / rate) * 1000 - now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        await producerDb.transaction(async (manager) => {
          // As a service locks the aggregates it changes: two transactions writing events of one
          // key are serialised, so ids (taken at insert, visible at commit) follow the key's order.
          await manager.query(
            `SELECT pg_advisory_xact_lock(hashtext(k)) FROM (SELECT DISTINCT unnest($1::text[]) AS k ORDER BY 1) AS keys`,
            [batches[index].map((e) => e.key)],
          );
          await enqueue(manager, topic, batches[index]);
        });
        committed?.(batches[index], now());
      }
    }),
  );
  return started;
}

async function projectionTable(consumerDb: DataSource, name: string): Promise<void> {
  await consumerDb.query(`CREATE TABLE "${name}" (key text PRIMARY KEY, last_n integer NOT NULL)`);
}

const project = (consumerDb: DataSource, table: string, event: EventEnvelope) =>
  projectOnce(consumerDb, CONSUMER, table, event);

async function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish in 180 s`)), 180_000);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function endToEnd(engine: Engine) {
  const producerDb = await database(`bench_${suffix}_${engine.name}_producer`);
  const consumerName = `bench_${suffix}_${engine.name}_consumer`;
  const consumerDb = await database(consumerName);
  await projectionTable(consumerDb, 'projection');
  const relay = new OutboxRelay(producerDb, engine.bus, { batchSize: 500 });
  const committedAt = new Map<string, number>();
  const handledAt = new Map<string, number>();
  let waiting: { count: number; resolve: () => void } | undefined;
  // The consuming service runs in a thread of its own, as another service's process would.
  const consumerUrl = new URL(PG_URL);
  consumerUrl.pathname = `/${consumerName}`;
  // A worker thread does not inherit tsx's loader hooks: it registers them, then loads the consumer.
  const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => tsx.register())
    .then(() => import(${JSON.stringify(new URL('./bus-consumer.ts', import.meta.url).href)}))`;
  const worker = new Worker(entry, {
    eval: true,
    workerData: {
      engine: engine.name as 'redis' | 'kafka',
      redisUrl: REDIS_URL,
      brokers: BROKERS,
      namespace: engine.namespace,
      databaseUrl: consumerUrl.toString(),
      topic: TOPIC,
      group: 'bench-consumer',
      consumer: CONSUMER,
      table: 'projection',
    } satisfies ConsumerWorkerData,
  });
  const stopped = new Promise<{ duplicates: number; outOfOrder: number }>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: ConsumerMessage) => {
      if (message.kind === 'handled') {
        message.ids.forEach((id, i) => handledAt.set(id, message.at[i]));
        if (waiting && handledAt.size >= waiting.count) waiting.resolve();
      } else if (message.kind === 'stopped') resolve(message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: ConsumerMessage) => message.kind === 'ready' && resolve());
  });
  await relay.start();
  let counts = { duplicates: 0, outOfOrder: 0 };
  try {
    const runPhase = async (phase: string, count: number, rate: number): Promise<PhaseResult> => {
      committedAt.clear();
      handledAt.clear();
      const events = benchEvents(count);
      const allHandled = new Promise<void>((resolve) => (waiting = { count, resolve }));
      const cpu = await meter([producerDb, consumerDb]);
      const started = await produce(producerDb, TOPIC, events, rate, (batch, at) => {
        for (const event of batch) committedAt.set(event.id, at);
      });
      const produced = now();
      await withTimeout(allHandled, `${engine.name} ${phase}`);
      const cpuPerEvent = await cpu(count);
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
        cpuPerEvent,
        loadAverage: loadAverage(),
      };
    };
    await runPhase('warm-up', 1_000, RATE);
    const results = [await runPhase('paced', EVENTS, RATE), await runPhase('unpaced', EVENTS, 0)];
    await relay.stop();
    worker.postMessage({ kind: 'stop' });
    counts = await withTimeout(stopped, 'the consumer stopping');
    return { results, ...counts };
  } finally {
    await relay.stop();
    await worker.terminate();
    await producerDb.destroy();
    await consumerDb.destroy();
  }
}

// ------------------------------------------------------------------------------------------
// Breakdown: each stage alone, on a backlog of EVENTS events.

interface StageResult {
  stage: string;
  eventsPerSecond: number;
  cpuPerEvent: CpuPerEvent;
}

async function breakdown(engine: Engine): Promise<StageResult[]> {
  const producerDb = await database(`bench_${suffix}_${engine.name}_stages_producer`);
  const consumerDb = await database(`bench_${suffix}_${engine.name}_stages_consumer`);
  await projectionTable(consumerDb, 'projection_stage');
  const results: StageResult[] = [];
  const timed = async (stage: string, run: () => Promise<void>) => {
    const cpu = await meter([producerDb, consumerDb]);
    const started = performance.now();
    await run();
    const seconds = (performance.now() - started) / 1000;
    results.push({ stage, eventsPerSecond: Math.round(EVENTS / seconds), cpuPerEvent: await cpu(EVENTS) });
  };
  try {
    await timed('commit into the outbox (4 writers)', async () => {
      await produce(producerDb, STAGES_TOPIC, benchEvents(EVENTS), 0);
    });
    const relay = new OutboxRelay(producerDb, engine.bus, { batchSize: 500 });
    await timed('relay: outbox → bus', async () => {
      while ((await relay.publishBatch()).locked > 0);
    });
    const consume = async (
      stage: string,
      group: string,
      handle: (event: EventEnvelope) => Promise<unknown>,
    ) => {
      let handled = 0;
      let done!: () => void;
      const all = new Promise<void>((resolve) => (done = resolve));
      let subscription: { stop(): Promise<void> } | undefined;
      await timed(stage, async () => {
        subscription = await engine.bus.subscribe({
          group,
          topics: [STAGES_TOPIC],
          handler: async (event) => {
            await handle(event);
            if (++handled === EVENTS) done();
          },
        });
        await withTimeout(all, `${engine.name} ${stage}`);
      });
      await subscription?.stop();
    };
    await consume('consumer: bus → no-op handler', 'bench-noop', async () => undefined);
    await consume('consumer: bus → handleOnce + projection row', 'bench-inbox', (event) =>
      project(consumerDb, 'projection_stage', event),
    );
    return results;
  } finally {
    await producerDb.destroy();
    await consumerDb.destroy();
  }
}

// ------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const report: Record<string, unknown> = {
    transactionSize: BATCH,
    keys: KEYS,
    events: EVENTS,
    ...(ENGINES.includes('kafka') ? { kafkaPartitions: PARTITIONS } : {}),
  };
  const table: string[][] = [];
  try {
    for (const name of ENGINES) {
      const engine = await openEngine(name);
      try {
        const e2e = await endToEnd(engine);
        const stages = values.breakdown ? await breakdown(engine) : undefined;
        report[name] = { ...e2e, ...(stages ? { stages } : {}) };
        for (const r of e2e.results) {
          table.push([
            name,
            `${r.phase}${r.pacedRate === 'unpaced' ? '' : ` ${r.pacedRate}/s`}`,
            String(r.endToEndEventsPerSecond),
            `${r.latencyMs.p50} / ${r.latencyMs.p95} / ${r.latencyMs.p99}`,
            `${r.cpuPerEvent.nodeUs} / ${r.cpuPerEvent.postgresUs ?? '-'} / ${r.cpuPerEvent.redisUs ?? '-'}`,
            String(r.loadAverage ?? '-'),
          ]);
        }
      } finally {
        await engine.close();
      }
    }
    console.log(JSON.stringify(report, null, 2));
    const header = [
      'bus',
      'run',
      'events/s end to end',
      'latency ms p50 / p95 / p99',
      'CPU µs/event node / postgres / redis',
      'load (1 min)',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
    for (const row of [header, ...table])
      console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  } finally {
    for (const name of created) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await startedEngines?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
