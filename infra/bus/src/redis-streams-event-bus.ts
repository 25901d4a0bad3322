import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { EventEnvelope } from '@manzil/contracts';
import { consoleBusLogger, type BusLogger } from './consumer/delivery-runner.js';
import { busMetrics } from './consumer/metrics.js';
import {
  DEFAULT_RETRY_POLICY,
  definedOnly,
  dlqTopic,
  type EventBus,
  type ReplayOptions,
  type ReplayResult,
  type RetryPolicy,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';
import {
  DEFAULT_STREAM_RETENTION,
  RedisStreamTrimmer,
  type StreamRetention,
} from './redis-stream-trimmer.js';
import { fieldOf, RedisSubscription, type StreamEntry } from './redis-streams-subscription.js';

export interface RedisStreamsEventBusOptions {
  clientId: string;
  redisUrl?: string;
  /** Prefix of every stream key: `${namespace}:listings.property` (default `manzil`). */
  namespace?: string;
  /** Defaults of this bus's subscriptions (DEFAULT_RETRY_POLICY otherwise). */
  retry?: Partial<RetryPolicy>;
  /** Trimming of the streams this bus's subscriptions read (DEFAULT_STREAM_RETENTION otherwise). */
  retention?: StreamRetention;
  logger?: BusLogger;
}

const REPLAY_PAGE = 200;

/**
 * Redis Streams engine: one stream per topic (a single stream keeps the publish order, so
 * order per key holds), one consumer group per service, XACK on success, XAUTOCLAIM of
 * entries left pending by dead consumers, dead letters on `<topic>.dlq`, streams trimmed
 * once every group has read past their old entries.
 */
export class RedisStreamsEventBus implements EventBus {
  readonly namespace: string;
  private readonly clientId: string;
  /** Publishing and acks; auto-pipelining batches concurrent XADDs into one round trip. */
  private readonly redis: Redis;
  private readonly subscriptions = new Set<RedisSubscription>();
  private readonly retry: RetryPolicy;
  private readonly logger: BusLogger;
  readonly trimmer: RedisStreamTrimmer;

  constructor(options: RedisStreamsEventBusOptions) {
    this.clientId = options.clientId;
    this.namespace = options.namespace ?? 'manzil';
    this.redis = new Redis(options.redisUrl ?? 'redis://127.0.0.1:6379', {
      enableAutoPipelining: true,
      connectionName: options.clientId,
    });
    this.retry = { ...DEFAULT_RETRY_POLICY, ...definedOnly(options.retry ?? {}) };
    this.logger = options.logger ?? consoleBusLogger;
    this.trimmer = new RedisStreamTrimmer(
      this.redis,
      () => [...this.subscriptions].flatMap((s) => s.topics.map((t) => t.stream)),
      { ...DEFAULT_STREAM_RETENTION, ...definedOnly(options.retention ?? {}) },
      this.logger,
    );
  }

  streamKey(topic: string): string {
    return `${this.namespace}:${topic}`;
  }

  async publish(topic: string, event: EventEnvelope): Promise<void> {
    await this.redis.xadd(
      this.streamKey(topic),
      '*',
      'key',
      event.key,
      'type',
      event.type,
      'event',
      JSON.stringify(event),
    );
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const consumer =
      options.consumerName ??
      `${this.clientId}-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
    const policy: RetryPolicy = {
      ...this.retry,
      ...definedOnly({ maxAttempts: options.maxAttempts, retryDelaysMs: options.retryDelaysMs }),
    };
    const subscription = new RedisSubscription(this, this.redis, options, consumer, policy, this.logger, () =>
      this.subscriptions.delete(subscription),
    );
    await subscription.start();
    this.subscriptions.add(subscription);
    this.trimmer.start();
    return subscription;
  }

  /**
   * Moves dead letters back onto their stream, each in one MULTI (XADD to the topic, XDEL from
   * the DLQ), so a crash midway neither loses nor doubles one. Every group of the topic gets
   * the event again; the inbox makes that harmless for the groups that had handled it.
   */
  async replayDeadLetters(topic: string, options: ReplayOptions = {}): Promise<ReplayResult> {
    const dlq = this.streamKey(dlqTopic(topic));
    const stream = this.streamKey(topic);
    const last = (await this.redis.xrevrange(dlq, '+', '-', 'COUNT', 1)) as StreamEntry[];
    if (last.length === 0) return { replayed: 0, skipped: 0 };
    // Only what is there now: a replayed event that fails again lands after `end`.
    const end = last[0][0];
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    let replayed = 0;
    let skipped = 0;
    let start = '-';
    for (;;) {
      const page = (await this.redis.xrange(dlq, start, end, 'COUNT', REPLAY_PAGE)) as [string, string[]][];
      if (page.length === 0) break;
      for (const [id, fields] of page) {
        if ((options.group && fieldOf(fields, 'group') !== options.group) || replayed >= limit) {
          skipped += 1;
          continue;
        }
        const original = ['key', 'type', 'event'].flatMap((name) => [name, fieldOf(fields, name) ?? '']);
        await this.redis
          .multi()
          .xadd(stream, '*', ...original)
          .xdel(dlq, id)
          .exec();
        replayed += 1;
      }
      start = `(${page[page.length - 1][0]}`;
    }
    if (replayed > 0) busMetrics.replayed.inc({ topic }, replayed);
    return { replayed, skipped };
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.trimmer.stop();
    await this.redis.quit();
  }
}
