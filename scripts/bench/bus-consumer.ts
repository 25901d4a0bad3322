/**
 * The consuming service of scripts/bench/bus.ts, in a worker thread of its own: in production
 * the consumer is another service's process, so it must not share the producer's event loop
 * (one Node thread doing the producer's, the relay's and the consumer's work was what capped the
 * end-to-end figure, not the pipeline). It subscribes, projects each event through handleOnce
 * into its own database, and posts back when each event was handled (epoch milliseconds, in
 * batches), then its duplicate and out-of-order counts when told to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { busEntities, handleOnce, KafkaEventBus, RedisStreamsEventBus } from '@manzil/bus';

export interface ConsumerWorkerData {
  engine: 'redis' | 'kafka';
  redisUrl: string;
  brokers: string[];
  namespace: string;
  databaseUrl: string;
  topic: string;
  group: string;
  consumer: string;
  table: string;
}

/** Worker → main: handled events, then the final counts. */
export type ConsumerMessage =
  | { kind: 'ready' }
  | { kind: 'handled'; ids: string[]; at: number[] }
  | { kind: 'stopped'; duplicates: number; outOfOrder: number };

/** What a real consumer does: the projection write and the inbox row in one transaction. */
export function project(
  consumerDb: DataSource,
  consumer: string,
  table: string,
  event: EventEnvelope,
): Promise<boolean> {
  return handleOnce(consumerDb, consumer, event, async (manager) => {
    await manager.query(
      `INSERT INTO "${table}" (key, last_n) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET last_n = EXCLUDED.last_n`,
      [event.key, (event.payload as { n: number }).n],
    );
  });
}

async function run(data: ConsumerWorkerData): Promise<void> {
  const port = parentPort!;
  const consumerDb = new DataSource({
    type: 'postgres',
    url: data.databaseUrl,
    entities: busEntities,
    extra: { max: 20 },
  });
  await consumerDb.initialize();
  const bus =
    data.engine === 'redis'
      ? new RedisStreamsEventBus({
          clientId: 'bench-consumer',
          redisUrl: data.redisUrl,
          namespace: data.namespace,
        })
      : new KafkaEventBus({ clientId: 'bench-consumer', brokers: data.brokers, namespace: data.namespace });
  const lastN = new Map<string, number>();
  let duplicates = 0;
  let outOfOrder = 0;
  let ids: string[] = [];
  let at: number[] = [];
  const flush = () => {
    if (ids.length === 0) return;
    port.postMessage({ kind: 'handled', ids, at } satisfies ConsumerMessage);
    ids = [];
    at = [];
  };
  const timer = setInterval(flush, 5);
  const subscription = await bus.subscribe({
    group: data.group,
    topics: [data.topic],
    handler: async (event) => {
      const { n } = event.payload as { n: number };
      if (!(await project(consumerDb, data.consumer, data.table, event))) {
        duplicates += 1;
        return;
      }
      if ((lastN.get(event.key) ?? -1) > n) outOfOrder += 1;
      lastN.set(event.key, n);
      ids.push(event.id);
      at.push(performance.timeOrigin + performance.now());
      if (ids.length >= 500) flush();
    },
  });
  port.on('message', (message: { kind: 'stop' }) => {
    if (message.kind !== 'stop') return;
    void (async () => {
      clearInterval(timer);
      flush();
      await subscription.stop();
      await bus.close();
      await consumerDb.destroy();
      port.postMessage({ kind: 'stopped', duplicates, outOfOrder } satisfies ConsumerMessage);
    })();
  });
  port.postMessage({ kind: 'ready' } satisfies ConsumerMessage);
}

if (parentPort && workerData) await run(workerData as ConsumerWorkerData);
