import type { Redis } from 'ioredis';
import { errorMessage } from './event-bus.js';
import type { BusLogger } from './consumer/delivery-runner.js';
import { compareIds } from './redis-streams-subscription.js';

export interface StreamRetention {
  /** Entries older than this may go once every group has read them (default 24 h). */
  maxAgeMs?: number;
  /** How often the streams are checked (default 60 s). */
  intervalMs?: number;
}

export const DEFAULT_STREAM_RETENTION: Required<StreamRetention> = {
  maxAgeMs: 24 * 60 * 60 * 1000,
  intervalMs: 60_000,
};

/**
 * Trims streams by age, never past what a group still needs: an entry goes when it is older
 * than maxAgeMs AND every group of the stream has read it (past the group's last-delivered-id)
 * and acked it (before the group's oldest pending entry). A stream without groups is left as
 * it is (a service that has not subscribed yet would lose its catch-up). Dead-letter streams
 * are never trimmed: they wait for a person.
 */
export class RedisStreamTrimmer {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly streams: () => Iterable<string>,
    private readonly retention: Required<StreamRetention>,
    private readonly logger: BusLogger,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.trimAll().finally(() => (this.running = undefined));
    }, this.retention.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async trimAll(): Promise<void> {
    for (const stream of new Set(this.streams())) {
      if (stream.endsWith('.dlq')) continue;
      try {
        await this.trim(stream);
      } catch (error) {
        // Redis away or the stream gone: the next round tries again.
        if (!errorMessage(error).includes('no such key'))
          this.logger.warn({ stream, err: errorMessage(error) }, 'stream not trimmed');
      }
    }
  }

  /** Returns the MINID used, or undefined when nothing may go. */
  async trim(stream: string, now = Date.now()): Promise<string | undefined> {
    const groups = (await this.redis.xinfo('GROUPS', stream)) as (string | number | null)[][];
    if (groups.length === 0) return undefined;
    let bound = `${Math.max(0, now - this.retention.maxAgeMs)}-0`;
    for (const fields of groups) {
      const info = toRecord(fields);
      const name = String(info['name']);
      let needed: string;
      if (Number(info['pending']) > 0) {
        // [count, smallest pending id, largest, per consumer]
        const summary = (await this.redis.xpending(stream, name)) as [number, string | null, ...unknown[]];
        needed = summary[1] ?? nextId(String(info['last-delivered-id']));
      } else {
        needed = nextId(String(info['last-delivered-id']));
      }
      if (compareIds(needed, bound) < 0) bound = needed;
    }
    if (bound === '0-0' || bound === '0-1') return undefined;
    // `~`: Redis drops whole nodes only, which is cheap and never removes an entry >= bound.
    await this.redis.xtrim(stream, 'MINID', '~', bound);
    return bound;
  }
}

function toRecord(fields: (string | number | null)[]): Record<string, string | number | null> {
  const record: Record<string, string | number | null> = {};
  for (let i = 0; i < fields.length - 1; i += 2) record[String(fields[i])] = fields[i + 1];
  return record;
}

/** The smallest id after `id`: entries below it have all been delivered to the group. */
function nextId(id: string): string {
  const [ms, seq] = id.split('-').map(Number);
  return `${ms}-${seq + 1}`;
}
