import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { eventEnvelopeSchema, type EventEnvelope } from '@manzil/contracts';
import {
  DEFAULT_CLAIM_IDLE_MS,
  DEFAULT_MAX_ATTEMPTS,
  dlqTopic,
  errorMessage,
  retryDelayMs,
  sleep,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';

export interface RedisStreamsEventBusOptions {
  clientId: string;
  redisUrl?: string;
  /** Prefix of every stream key: `${namespace}:listings.property` (default `manzil`). */
  namespace?: string;
}

/** [id, [field, value, ...]]; fields are null when the entry was deleted while pending. */
type StreamEntry = [id: string, fields: string[] | null];
type XReadReply = [stream: string, entries: StreamEntry[]][] | null;

interface Delivery {
  topic: string;
  stream: string;
  id: string;
  fields: string[] | null;
  /** How many times Redis has delivered this entry, this delivery included. */
  deliveries: number;
}

const READ_COUNT = 200;
const CLAIM_COUNT = 100;
/** Upper bound of one XREADGROUP BLOCK, so a subscription regularly gets to claim stale entries. */
const MAX_BLOCK_MS = 2_000;

/**
 * Redis Streams engine: one stream per topic (a single stream keeps the publish order, so
 * order per key holds), one consumer group per service, XACK on success, XAUTOCLAIM of
 * entries left pending by dead consumers, dead letters on `<topic>.dlq`.
 */
export class RedisStreamsEventBus implements EventBus {
  readonly namespace: string;
  private readonly clientId: string;
  /** Publishing and acks; auto-pipelining batches concurrent XADDs into one round trip. */
  private readonly redis: Redis;
  private readonly subscriptions = new Set<RedisSubscription>();

  constructor(options: RedisStreamsEventBusOptions) {
    this.clientId = options.clientId;
    this.namespace = options.namespace ?? 'manzil';
    this.redis = new Redis(options.redisUrl ?? 'redis://127.0.0.1:6379', {
      enableAutoPipelining: true,
      connectionName: options.clientId,
    });
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
    const subscription = new RedisSubscription(this, this.redis, options, consumer, () =>
      this.subscriptions.delete(subscription),
    );
    await subscription.start();
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.redis.quit();
  }
}

class RedisSubscription implements Subscription {
  private readonly blocking: Redis;
  private readonly maxAttempts: number;
  private readonly claimIdleMs: number;
  private readonly blockMs: number;
  private readonly streams: { topic: string; stream: string }[];
  private running = false;
  private loop?: Promise<void>;
  private blockingClientId?: number;
  private nextClaimAt = 0;

  constructor(
    private readonly bus: RedisStreamsEventBus,
    private readonly redis: Redis,
    private readonly options: SubscribeOptions,
    private readonly consumer: string,
    private readonly onStopped: () => void,
  ) {
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.claimIdleMs = options.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS;
    this.blockMs = Math.max(10, Math.min(MAX_BLOCK_MS, Math.floor(this.claimIdleMs / 2)));
    this.streams = options.topics.map((topic) => ({ topic, stream: bus.streamKey(topic) }));
    // A blocked XREADGROUP holds its connection, so each subscription gets its own.
    this.blocking = redis.duplicate({ enableAutoPipelining: false });
  }

  async start(): Promise<void> {
    for (const { stream } of this.streams) {
      try {
        // Start id 0: a group created after events were published still gets all of them.
        await this.redis.xgroup('CREATE', stream, this.options.group, '0', 'MKSTREAM');
      } catch (error) {
        if (!errorMessage(error).includes('BUSYGROUP')) throw error;
      }
    }
    this.blockingClientId = Number(await this.blocking.client('ID'));
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return this.loop;
    this.running = false;
    let stopped = false;
    const loop = this.loop!.finally(() => (stopped = true));
    // CLIENT UNBLOCK ends a blocked read as a timeout, so nothing it would have delivered is lost.
    while (!stopped) {
      await this.redis.client('UNBLOCK', this.blockingClientId!).catch(() => undefined);
      await Promise.race([loop, sleep(50)]);
    }
    await this.forgetConsumerIfIdle();
    await this.blocking.quit().catch(() => undefined);
    this.onStopped();
  }

  private async run(): Promise<void> {
    // Entries this consumer name read before a restart and never acked.
    await this.guard(() => this.processOwnPending());
    while (this.running) {
      await this.guard(async () => {
        if (Date.now() >= this.nextClaimAt) {
          this.nextClaimAt = Date.now() + Math.max(this.blockMs, Math.floor(this.claimIdleMs / 2));
          await this.claimStale();
        }
        const reply = (await this.blocking.xreadgroup(
          'GROUP',
          this.options.group,
          this.consumer,
          'COUNT',
          READ_COUNT,
          'BLOCK',
          this.blockMs,
          'STREAMS',
          ...this.streams.map((s) => s.stream),
          ...this.streams.map(() => '>'),
        )) as XReadReply;
        await this.process(this.deliveriesOf(reply, () => 1));
      });
    }
  }

  /** Keeps the loop alive through a Redis hiccup: the entries stay pending and come back. */
  private async guard(step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      if (!this.running) return;
      console.error(`[bus] subscription ${this.options.group}/${this.consumer}: ${errorMessage(error)}`);
      await sleep(500);
    }
  }

  private async processOwnPending(): Promise<void> {
    const reply = (await this.blocking.xreadgroup(
      'GROUP',
      this.options.group,
      this.consumer,
      'COUNT',
      READ_COUNT,
      'STREAMS',
      ...this.streams.map((s) => s.stream),
      ...this.streams.map(() => '0'),
    )) as XReadReply;
    const entries = (reply ?? []).flatMap(([stream, list]) => list.map(([id]) => ({ stream, id })));
    const counts = await this.deliveryCounts(entries);
    await this.process(this.deliveriesOf(reply, (stream, id) => counts.get(`${stream}/${id}`) ?? 1));
  }

  /** XAUTOCLAIM hands us entries a dead (or stuck) consumer left pending longer than claimIdleMs. */
  private async claimStale(): Promise<void> {
    for (const { topic, stream } of this.streams) {
      let cursor = '0-0';
      do {
        const [next, entries] = (await this.redis.xautoclaim(
          stream,
          this.options.group,
          this.consumer,
          this.claimIdleMs,
          cursor,
          'COUNT',
          CLAIM_COUNT,
        )) as [string, StreamEntry[], string[]];
        cursor = next;
        if (entries.length === 0) continue;
        const counts = await this.deliveryCounts(entries.map(([id]) => ({ stream, id })));
        await this.process(
          entries.map(([id, fields]) => ({
            topic,
            stream,
            id,
            fields,
            deliveries: counts.get(`${stream}/${id}`) ?? 1,
          })),
        );
      } while (cursor !== '0-0' && this.running);
    }
  }

  /** Delivery counts from XPENDING: they survive restarts, so a poison event still ends in the DLQ. */
  private async deliveryCounts(entries: { stream: string; id: string }[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const byStream = new Map<string, string[]>();
    for (const { stream, id } of entries) byStream.set(stream, [...(byStream.get(stream) ?? []), id]);
    for (const [stream, ids] of byStream) {
      const rows = (await this.redis.xpending(
        stream,
        this.options.group,
        ids[0],
        ids[ids.length - 1],
        ids.length,
        this.consumer,
      )) as [string, string, number, number][];
      for (const [id, , , count] of rows) counts.set(`${stream}/${id}`, Number(count));
    }
    return counts;
  }

  private deliveriesOf(reply: XReadReply, deliveries: (stream: string, id: string) => number): Delivery[] {
    const topicOf = new Map(this.streams.map((s) => [s.stream, s.topic]));
    return (reply ?? []).flatMap(([stream, entries]) =>
      entries.map(([id, fields]) => ({
        topic: topicOf.get(stream)!,
        stream,
        id,
        fields,
        deliveries: deliveries(stream, id),
      })),
    );
  }

  /**
   * Entries of one key run one after another (order per key); different keys run concurrently.
   * When an entry of a key goes to the DLQ the key moves on, as Kafka consumers do.
   */
  private async process(deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const byKey = new Map<string, Delivery[]>();
    for (const delivery of deliveries) {
      const key = `${delivery.stream}\u0000${fieldOf(delivery.fields, 'key') ?? delivery.id}`;
      byKey.set(key, [...(byKey.get(key) ?? []), delivery]);
    }
    const acks: Delivery[] = [];
    await Promise.all(
      [...byKey.values()].map(async (list) => {
        for (const delivery of list) {
          const outcome = await this.deliver(delivery);
          if (outcome === 'handled') acks.push(delivery);
          // Left pending (stopping, or taken over): later entries of the key must wait for it.
          if (outcome === 'pending') return;
        }
      }),
    );
    const pipeline = this.redis.pipeline();
    for (const { stream } of this.streams) {
      const ids = acks.filter((d) => d.stream === stream).map((d) => d.id);
      if (ids.length > 0) pipeline.xack(stream, this.options.group, ...ids);
    }
    await pipeline.exec();
  }

  /** Runs the handler until it succeeds or the entry goes to the DLQ; retries count as deliveries. */
  private async deliver(delivery: Delivery): Promise<'handled' | 'dead' | 'pending'> {
    // Deleted while pending (stream trimmed): nothing left to handle, just ack it.
    if (delivery.fields === null) return 'handled';
    const parsed = parseEvent(fieldOf(delivery.fields, 'event'));
    if (!parsed.ok) {
      await this.deadLetter(delivery, delivery.deliveries, `invalid event: ${parsed.error}`);
      return 'dead';
    }
    let attempt = delivery.deliveries;
    for (;;) {
      if (attempt > this.maxAttempts) {
        // A consumer died while handling it each time (a poison event): don't run it again.
        await this.deadLetter(delivery, attempt - 1, 'delivered more than maxAttempts times without an ack');
        return 'dead';
      }
      try {
        await this.options.handler(parsed.event, delivery.topic);
        return 'handled';
      } catch (error) {
        if (attempt >= this.maxAttempts) {
          await this.deadLetter(delivery, attempt, errorMessage(error));
          return 'dead';
        }
        if (!this.running) return 'pending';
        await sleep(retryDelayMs(attempt));
        // XCLAIM to ourselves counts the redelivery in Redis (and resets the idle time, so no one
        // else claims it meanwhile); an empty reply means another consumer has taken it over.
        const claimed = (await this.redis.xclaim(
          delivery.stream,
          this.options.group,
          this.consumer,
          0,
          delivery.id,
        )) as StreamEntry[];
        if (claimed.length === 0) return 'pending';
        attempt += 1;
      }
    }
  }

  private async deadLetter(delivery: Delivery, attempts: number, reason: string): Promise<void> {
    // One MULTI: the entry is either in the DLQ and acked, or still pending.
    await this.redis
      .multi()
      .xadd(
        this.bus.streamKey(dlqTopic(delivery.topic)),
        '*',
        ...(delivery.fields ?? []),
        'group',
        this.options.group,
        'sourceId',
        delivery.id,
        'attempts',
        String(attempts),
        'error',
        reason,
      )
      .xack(delivery.stream, this.options.group, delivery.id)
      .exec();
  }

  /** Keeps XINFO CONSUMERS tidy; only when nothing is pending, since DELCONSUMER drops its pending entries. */
  private async forgetConsumerIfIdle(): Promise<void> {
    try {
      for (const { stream } of this.streams) {
        const pending = (await this.redis.xpending(
          stream,
          this.options.group,
          '-',
          '+',
          1,
          this.consumer,
        )) as unknown[];
        if (pending.length === 0)
          await this.redis.xgroup('DELCONSUMER', stream, this.options.group, this.consumer);
      }
    } catch {
      // Best effort: a leftover consumer entry is harmless.
    }
  }
}

function fieldOf(fields: string[] | null, name: string): string | undefined {
  if (!fields) return undefined;
  for (let i = 0; i < fields.length - 1; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function parseEvent(
  raw: string | undefined,
): { ok: true; event: EventEnvelope } | { ok: false; error: string } {
  try {
    const result = eventEnvelopeSchema.safeParse(JSON.parse(raw ?? ''));
    return result.success ? { ok: true, event: result.data } : { ok: false, error: result.error.message };
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}
