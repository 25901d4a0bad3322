import { Counter, Gauge, register } from 'prom-client';
import type { DataSource } from 'typeorm';

/*
 * Outbox and inbox metrics on prom-client's default registry (served at /metrics). Tests build
 * many applications in one process, so each metric is created once and labelled by service.
 */

function counter(name: string, help: string, labelNames: string[] = ['service']): Counter {
  return (register.getSingleMetric(name) as Counter | undefined) ?? new Counter({ name, help, labelNames });
}

export const outboxPublished = counter('manzil_outbox_published_total', 'Outbox rows published to the bus');
export const outboxPublishFailures = counter(
  'manzil_outbox_publish_failures_total',
  'Failed attempts to publish an outbox row (the row is retried with backoff)',
);
export const outboxParked = counter(
  'manzil_outbox_dead_total',
  'Outbox rows parked in outbox_dead after maxAttempts failed attempts',
);
export const busPruned = counter(
  'manzil_outbox_pruned_total',
  'Rows deleted by the retention job (table = outbox | inbox)',
  ['service', 'table'],
);

/** The databases the gauges read at scrape time, by service. */
const sources = new Map<DataSource, string>();

interface OutboxState {
  dead: number;
  pending: number;
  oldestPendingSeconds: number;
}

async function readState(dataSource: DataSource): Promise<OutboxState> {
  const [row] = (await dataSource.query(
    `SELECT (SELECT count(*) FROM "outbox_dead")::int AS "dead",
            count(*)::int AS "pending",
            COALESCE(EXTRACT(EPOCH FROM now() - min("created_at")), 0)::float AS "oldest"
     FROM "outbox" WHERE "published_at" IS NULL`,
  )) as { dead: number; pending: number; oldest: number }[];
  return { dead: row.dead, pending: row.pending, oldestPendingSeconds: row.oldest };
}

/** Read once per scrape for all three gauges. */
let scrape: Promise<Map<string, OutboxState>> | undefined;
function currentStates(): Promise<Map<string, OutboxState>> {
  scrape ??= (async () => {
    const states = new Map<string, OutboxState>();
    for (const [dataSource, service] of sources) {
      if (!dataSource.isInitialized) continue;
      // A database that does not answer leaves its gauges out of this scrape, not the scrape failed.
      const state = await readState(dataSource).catch(() => undefined);
      if (state) states.set(service, state);
    }
    return states;
  })().finally(() => setImmediate(() => (scrape = undefined)));
  return scrape;
}

function gauge(name: string, help: string, pick: (state: OutboxState) => number): Gauge {
  return (
    (register.getSingleMetric(name) as Gauge | undefined) ??
    new Gauge({
      name,
      help,
      labelNames: ['service'],
      async collect() {
        this.reset();
        for (const [service, state] of await currentStates()) this.set({ service }, pick(state));
      },
    })
  );
}

gauge('manzil_outbox_dead_rows', 'Rows parked in outbox_dead now (replay or discard them)', (s) => s.dead);
gauge('manzil_outbox_pending_rows', 'Outbox rows not yet published', (s) => s.pending);
gauge(
  'manzil_outbox_oldest_pending_seconds',
  'Age of the oldest unpublished outbox row (0 when none)',
  (s) => s.oldestPendingSeconds,
);

/** Lets the gauges read this service's outbox; returns the function that stops it. */
export function watchOutbox(service: string, dataSource: DataSource): () => void {
  sources.set(dataSource, service);
  return () => void sources.delete(dataSource);
}
