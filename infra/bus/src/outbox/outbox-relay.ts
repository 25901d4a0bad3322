import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { errorMessage, type EventBus } from '../event-bus.js';
import { OUTBOX_CHANNEL } from './enqueue.js';

export interface OutboxRelayLogger {
  info(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

export interface OutboxRelayOptions {
  /** Fallback when a NOTIFY is missed (listener reconnecting, rows written without enqueue). */
  pollIntervalMs?: number;
  batchSize?: number;
  logger?: OutboxRelayLogger;
}

interface Row {
  id: string;
  topic: string;
  key: string;
  event: EventEnvelope;
  /** An earlier unpublished row of the same key is held by another relay: wait for it. */
  blocked: boolean;
}

const MAX_BACKOFF_MS = 30_000;
const LISTEN_RETRY_MS = 1_000;

/*
 * Locks a batch in sequence order, skipping rows other relays hold, so two relays never publish the
 * same row. A row whose earlier same-key row is unpublished and not in this batch (another relay
 * holds it) is left alone, so a key's row N+1 is never published before row N.
 */
const LOCK_BATCH = `
  WITH locked AS MATERIALIZED (
    SELECT "id", "topic", "key", "event" FROM "outbox"
    WHERE "published_at" IS NULL
    ORDER BY "id"
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  )
  SELECT l."id", l."topic", l."key", l."event",
    EXISTS (
      SELECT 1 FROM "outbox" o
      WHERE o."published_at" IS NULL AND o."topic" = l."topic" AND o."key" = l."key" AND o."id" < l."id"
        AND o."id" NOT IN (SELECT "id" FROM locked)
    ) AS "blocked"
  FROM locked l
  ORDER BY l."id"`;

/** Publishes committed outbox rows in order, woken by LISTEN/NOTIFY with a polling fallback; retries with backoff; marks rows published. */
export class OutboxRelay {
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
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

  /** One pass over the outbox (what the loop does on each wake-up); returns the rows published. */
  async publishBatch(): Promise<{ locked: number; published: number; failed: number }> {
    return this.dataSource.transaction(async (manager) => {
      const rows = (await manager.query(LOCK_BATCH, [this.batchSize])) as Row[];
      const byKey = new Map<string, Row[]>();
      for (const row of rows) {
        if (row.blocked) continue;
        const key = `${row.topic}\u0000${row.key}`;
        byKey.set(key, [...(byKey.get(key) ?? []), row]);
      }
      const published: string[] = [];
      const failed: { id: string; error: string }[] = [];
      // Keys are independent, so they publish concurrently (pipelined on Redis); within a key,
      // one at a time, and a failure holds back the rest of that key until the next pass.
      await Promise.all(
        [...byKey.values()].map(async (list) => {
          for (const row of list) {
            try {
              await this.bus.publish(row.topic, row.event);
              published.push(row.id);
            } catch (error) {
              failed.push({ id: row.id, error: errorMessage(error) });
              return;
            }
          }
        }),
      );
      await this.markPublished(manager, published);
      for (const { id, error } of failed) {
        await manager.query(
          `UPDATE "outbox" SET "attempts" = "attempts" + 1, "last_error" = $2 WHERE "id" = $1`,
          [id, error],
        );
      }
      if (failed.length > 0)
        this.logger.error({ failed: failed.length, error: failed[0].error }, 'publish failed');
      return { locked: rows.length, published: published.length, failed: failed.length };
    });
  }

  private async markPublished(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await manager.query(`UPDATE "outbox" SET "published_at" = now() WHERE "id" = ANY($1::bigint[])`, [ids]);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.woken = false;
      let full = false;
      try {
        const result = await this.publishBatch();
        full = result.locked >= this.batchSize;
        failures = result.failed > 0 ? failures + 1 : 0;
      } catch (error) {
        failures += 1;
        this.logger.error({ error: errorMessage(error) }, 'outbox pass failed');
      }
      if (!this.running) break;
      if (failures > 0) {
        // The bus or the database is in trouble: back off, ignoring wake-ups meanwhile.
        await this.sleep(Math.min(MAX_BACKOFF_MS, 100 * 2 ** (failures - 1)), false);
      } else if (!full && !this.woken) {
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
