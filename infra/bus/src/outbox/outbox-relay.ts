import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { errorMessage, type EventBus } from '../event-bus.js';
import { isBusUnavailable } from './bus-unavailable.js';
import { OUTBOX_CHANNEL } from './enqueue.js';
import { outboxParked, outboxPublished, outboxPublishFailures } from './outbox-metrics.js';

export interface OutboxRelayLogger {
  info(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

export interface OutboxRelayOptions {
  /** Fallback when a NOTIFY is missed (listener reconnecting, rows written without enqueue). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Failed attempts after which a row the bus refuses is parked in `outbox_dead` (default 10). */
  maxAttempts?: number;
  /** Backoff of a failing row (and so of its key): retryBaseMs doubling, at most retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Label of the metrics (the service). */
  name?: string;
  logger?: OutboxRelayLogger;
}

export interface OutboxPassResult {
  /** Rows locked by this pass (published, failed, or left for their key's earlier row). */
  locked: number;
  published: number;
  failed: number;
  /** Rows moved to outbox_dead by this pass. */
  parked: number;
  /** Every attempt failed because the bus could not be reached: nothing was counted against the rows. */
  busUnavailable: boolean;
}

interface Row {
  id: string;
  topic: string;
  key: string;
  event: EventEnvelope;
  attempts: number;
  /** An earlier unpublished row of the same key is held by another relay: wait for it. */
  blocked: boolean;
}

interface Failure {
  row: Row;
  error: unknown;
}

/** Back-off of the whole relay when the bus or the database cannot be reached. */
const MAX_PAUSE_MS = 5_000;
const LISTEN_RETRY_MS = 1_000;
const MAX_ERROR_LENGTH = 2_000;

/*
 * Locks a batch in sequence order, skipping rows other relays hold, so two relays never publish the
 * same row. Left out before the LIMIT, so they can never fill a batch: every row of a key whose
 * head is backing off (`next_attempt_at` in the future), and every row of a key with a parked
 * row. A row whose earlier same-key row is unpublished and not in this batch (another relay
 * holds it) is marked blocked and left alone, so a key's row N+1 is never published before row N.
 */
const LOCK_BATCH = `
  WITH locked AS MATERIALIZED (
    SELECT o."id", o."topic", o."key", o."event", o."attempts" FROM "outbox" o
    WHERE o."published_at" IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM "outbox" w
        WHERE w."published_at" IS NULL AND w."next_attempt_at" IS NOT NULL AND w."next_attempt_at" > now()
          AND w."topic" = o."topic" AND w."key" = o."key" AND w."id" <= o."id"
      )
      AND NOT EXISTS (
        SELECT 1 FROM "outbox_dead" d WHERE d."topic" = o."topic" AND d."key" = o."key"
      )
    ORDER BY o."id"
    LIMIT $1
    FOR UPDATE OF o SKIP LOCKED
  )
  SELECT l."id", l."topic", l."key", l."event", l."attempts",
    EXISTS (
      SELECT 1 FROM "outbox" o
      WHERE o."published_at" IS NULL AND o."topic" = l."topic" AND o."key" = l."key" AND o."id" < l."id"
        AND o."id" NOT IN (SELECT "id" FROM locked)
    ) AS "blocked"
  FROM locked l
  ORDER BY l."id"`;

/** A failed row waits, and so does the rest of its key; other keys go on. */
const RECORD_FAILURES = `
  UPDATE "outbox" o SET "attempts" = o."attempts" + 1, "last_error" = f."error",
    "next_attempt_at" = now() + f."delay_ms" * interval '1 millisecond'
  FROM unnest($1::bigint[], $2::text[], $3::float8[]) AS f("id", "error", "delay_ms")
  WHERE o."id" = f."id"`;

/** Parked rows keep their id (and so their place in their key) for a replay. */
const PARK = `
  WITH dead AS (
    DELETE FROM "outbox" o USING unnest($1::bigint[], $2::text[]) AS f("id", "error")
    WHERE o."id" = f."id"
    RETURNING o."id", o."topic", o."key", o."event", o."created_at", o."attempts" + 1 AS "attempts", f."error"
  )
  INSERT INTO "outbox_dead" ("id", "topic", "key", "event", "created_at", "attempts", "last_error")
  SELECT "id", "topic", "key", "event", "created_at", "attempts", "error" FROM dead`;

/**
 * Publishes committed outbox rows in order per key, woken by LISTEN/NOTIFY with a polling
 * fallback; backs off per key on failure and parks rows the bus keeps refusing; marks rows published.
 */
export class OutboxRelay {
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly labels: { service: string };
  private readonly logger: OutboxRelayLogger;
  private running = false;
  private loop?: Promise<void>;
  private listener?: pg.Client;
  private listenRetry?: NodeJS.Timeout;
  /** Set by a notification; checked before sleeping so a wake-up during a batch is not lost. */
  private woken = false;
  private wakeUp?: () => void;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    options: OutboxRelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 500;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.retryMaxMs = options.retryMaxMs ?? 60_000;
    this.labels = { service: options.name ?? 'outbox' };
    this.logger = options.logger ?? {
      info: () => undefined,
      error: (o, m) => console.error(`[outbox-relay] ${m ?? ''}`, o),
    };
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.listen();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearTimeout(this.listenRetry);
    this.wake();
    await this.loop;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  /** Pause before the next attempt of a row that has failed `attempts` times. */
  retryDelayMs(attempts: number): number {
    return Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  }

  /** One pass over the outbox (what the loop does on each wake-up). */
  async publishBatch(): Promise<OutboxPassResult> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(LOCK_BATCH, [this.batchSize])) as Row[];
      // The pass's writes (published_at, a failure's backoff, a parking) need not wait for the WAL
      // flush: lost in a crash of Postgres, the rows are published (or tried) again, which the
      // consumers' inbox absorbs as it absorbs any redelivery. Each pass used to wait for its own
      // fsync (5 ms here, 15+ ms under load), and the events committed meanwhile with it. Sent
      // while the events go to the bus (it only has to be in force at COMMIT), so it adds no
      // round trip before them; awaited before the pass writes anything.
      const asyncCommit = manager.query(`SET LOCAL synchronous_commit = off`).then(
        () => undefined,
        (error: unknown) => ({ error }),
      );
      const byKey = new Map<string, Row[]>();
      for (const row of rows) {
        if (row.blocked) continue;
        const key = `${row.topic}\u0000${row.key}`;
        const list = byKey.get(key);
        if (list) list.push(row);
        else byKey.set(key, [row]);
      }
      const published: string[] = [];
      const failures: Failure[] = [];
      if (this.bus.publishBatch) await this.publishBatches(byKey, published);
      // Keys are independent, so they publish concurrently (pipelined on Redis); within a key,
      // one at a time, and a failure holds back the rest of that key.
      await Promise.all(
        [...byKey.values()].map(async (list) => {
          for (const row of list) {
            try {
              await this.bus.publish(row.topic, row.event);
              published.push(row.id);
            } catch (error) {
              failures.push({ row, error });
              return;
            }
          }
        }),
      );
      const failedSetting = await asyncCommit;
      if (failedSetting) throw failedSetting.error;
      await this.markPublished(manager, published);
      outboxPublished.inc(this.labels, published.length);
      if (failures.length === 0) {
        return {
          locked: rows.length,
          published: published.length,
          failed: 0,
          parked: 0,
          busUnavailable: false,
        };
      }
      outboxPublishFailures.inc(this.labels, failures.length);
      // Nothing went through and nothing could reach the bus: an outage, not these rows' fault.
      // They keep their attempts and the relay as a whole pauses (see run()).
      const busUnavailable = published.length === 0 && failures.every((f) => isBusUnavailable(f.error));
      const parked = busUnavailable ? [] : await this.recordFailures(manager, failures);
      this.logger.error(
        {
          failed: failures.length,
          parked: parked.length,
          busUnavailable,
          error: errorMessage(failures[0].error),
        },
        'publish failed',
      );
      return {
        locked: rows.length,
        published: published.length,
        failed: failures.length,
        parked: parked.length,
        busUnavailable,
      };
    });
  }

  /**
   * One request per topic for engines that take batches (Kafka); each key's rows stay in id
   * order, so order per key holds. What went through leaves `byKey`; when a batch fails, its rows stay there and are
   * published one by one, which tells the row the bus refuses from the rest.
   */
  private async publishBatches(byKey: Map<string, Row[]>, published: string[]): Promise<void> {
    const byTopic = new Map<string, Row[]>();
    for (const list of byKey.values()) {
      for (const row of list) {
        const rows = byTopic.get(row.topic);
        if (rows) rows.push(row);
        else byTopic.set(row.topic, [row]);
      }
    }
    await Promise.all(
      [...byTopic].map(async ([topic, rows]) => {
        try {
          await this.bus.publishBatch!(
            topic,
            rows.map((r) => r.event),
          );
        } catch {
          return;
        }
        for (const row of rows) {
          published.push(row.id);
          byKey.delete(`${row.topic}\u0000${row.key}`);
        }
      }),
    );
  }

  /** Counts the attempt and backs the key off; parks rows refused maxAttempts times. */
  private async recordFailures(manager: EntityManager, failures: Failure[]): Promise<Failure[]> {
    const parked: Failure[] = [];
    const retried: Failure[] = [];
    for (const failure of failures) {
      // An unreachable bus never parks a row: it is retried (backing off) until the bus is back.
      const refused = !isBusUnavailable(failure.error);
      (refused && failure.row.attempts + 1 >= this.maxAttempts ? parked : retried).push(failure);
    }
    const text = (f: Failure) => errorMessage(f.error).slice(0, MAX_ERROR_LENGTH);
    if (retried.length > 0) {
      await manager.query(RECORD_FAILURES, [
        retried.map((f) => f.row.id),
        retried.map(text),
        retried.map((f) => this.retryDelayMs(f.row.attempts + 1)),
      ]);
    }
    if (parked.length > 0) {
      await manager.query(PARK, [parked.map((f) => f.row.id), parked.map(text)]);
      outboxParked.inc(this.labels, parked.length);
      for (const { row, error } of parked) {
        this.logger.error(
          {
            id: row.id,
            topic: row.topic,
            key: row.key,
            attempts: row.attempts + 1,
            error: errorMessage(error),
          },
          'outbox row parked in outbox_dead; later events of its key wait for a replay or a discard',
        );
      }
    }
    return parked;
  }

  private async markPublished(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(`UPDATE "outbox" SET "published_at" = now() WHERE "id" = ANY($1::bigint[])`, [ids]);
  }

  private async run(): Promise<void> {
    let pauses = 0;
    while (this.running) {
      this.woken = false;
      let more = false;
      try {
        const result = await this.publishBatch();
        // A full batch that got somewhere: there is probably more right behind it.
        more = result.locked >= this.batchSize && result.published + result.failed > 0;
        pauses = result.busUnavailable ? pauses + 1 : 0;
      } catch (error) {
        pauses += 1;
        this.logger.error({ error: errorMessage(error) }, 'outbox pass failed');
      }
      if (!this.running) break;
      if (pauses > 0) {
        // The bus or the database cannot be reached: pause the whole relay, ignoring wake-ups.
        await this.sleep(Math.min(MAX_PAUSE_MS, 100 * 2 ** (pauses - 1)), false);
      } else if (!more && !this.woken) {
        // Rows backing off are picked up by the next poll once they are due.
        await this.sleep(this.pollIntervalMs, true);
      }
    }
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = wakeable ? done : () => (this.running ? undefined : done());
    });
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** A dedicated connection: LISTEN needs a session of its own, not one borrowed from the pool. */
  private async listen(): Promise<void> {
    const client = new pg.Client(this.connectionConfig());
    let lost = false;
    const retry = (error: unknown, message: string) => {
      if (lost) return;
      lost = true;
      this.logger.error({ error: errorMessage(error) }, message);
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
      if (this.running) this.listenRetry = setTimeout(() => void this.listen(), LISTEN_RETRY_MS);
    };
    client.on('notification', () => this.wake());
    client.on('error', (error) => retry(error, 'outbox listener lost; polling until it is back'));
    try {
      await client.connect();
      await client.query(`LISTEN "${OUTBOX_CHANNEL}"`);
      if (!this.running) {
        await client.end();
        return;
      }
      this.listener = client;
      // Rows committed while nobody was listening would otherwise wait for the next poll.
      this.wake();
    } catch (error) {
      retry(error, 'outbox listener could not connect; polling until it can');
    }
  }

  private connectionConfig(): pg.ClientConfig {
    const options = this.dataSource.options as {
      url?: string;
      host?: string;
      port?: number;
      username?: string;
      password?: string;
      database?: string;
    };
    if (options.url) return { connectionString: options.url };
    return {
      host: options.host,
      port: options.port,
      user: options.username,
      password: options.password,
      database: options.database,
    };
  }
}
