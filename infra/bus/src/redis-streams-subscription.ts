import type { Redis } from 'ioredis';
import { eventEnvelopeSchema, type EventEnvelope } from '@manzil/contracts';
import { DeliveryRunner, type BusLogger } from './consumer/delivery-runner.js';
import { busMetrics } from './consumer/metrics.js';
import {
  DEFAULT_CLAIM_IDLE_MS,
  dlqTopic,
  errorMessage,
  sleep,
  type RetryPolicy,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';

/** [id, [field, value, ...]]; fields are null when the entry was deleted while pending. */
export type StreamEntry = [id: string, fields: string[] | null];
type XReadReply = [stream: string, entries: StreamEntry[]][] | null;

interface Delivery {
  topic: string;
  stream: string;
  id: string;
  fields: string[] | null;
  /** How many times Redis has delivered this entry, this delivery included. */
  deliveries: number;
}

/** What a subscription needs of its bus. */
export interface RedisSubscriptionHost {
  streamKey(topic: string): string;
}

const READ_COUNT = 200;
const CLAIM_COUNT = 100;
/**
 * Entries read and not yet acked, per subscription. A key whose event is waiting for a retry
 * holds back only its own later events; the others go on until this many are held.
 */
const MAX_HELD = 1_000;
const ACK_BATCH = 200;
const ACK_DELAY_MS = 10;
/** Upper bound of one XREADGROUP BLOCK, so a subscription regularly gets to claim stale entries. */
const MAX_BLOCK_MS = 2_000;

/**
 * One consumer of one group on a set of streams. Events of a key run one after another, in
 * stream order; keys run concurrently; a failing event waits for its retry without holding
 * up other keys. The entries it holds are XCLAIMed to itself every claimIdleMs / 3 (JUSTID:
 * the delivery count does not move), so no other consumer takes over an entry that is only
 * waiting for its backoff or behind its key's failing event.
 */
export class RedisSubscription implements Subscription {
  private readonly blocking: Redis;
  private readonly claimIdleMs: number;
  private readonly blockMs: number;
  private readonly streams: { topic: string; stream: string }[];
  private readonly runner: DeliveryRunner;
  /** Every entry read and not yet acked, dead-lettered or abandoned, by `${stream}/${id}`. */
  private readonly held = new Map<string, Delivery>();
  /** Entries of one key in stream order; the head is the one being handled. */
  private readonly queues = new Map<string, Delivery[]>();
  private readonly workers = new Set<Promise<void>>();
  private running = false;
  private loop?: Promise<void>;
  private heartbeatTimer?: NodeJS.Timeout;
  private heartbeating = false;
  private blockingClientId?: number;
  private nextClaimAt = 0;
  private wake?: () => void;
  private failingSince?: number;
  private lastFailureLogAt = 0;
  private readonly pendingAcks = new Map<string, string[]>();
  private pendingAckCount = 0;
  private ackTimer?: NodeJS.Timeout;
  /** Settles when every ack sent so far has been answered. */
  private acksSent: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: RedisSubscriptionHost,
    private readonly redis: Redis,
    private readonly options: SubscribeOptions,
    private readonly consumer: string,
    policy: RetryPolicy,
    private readonly logger: BusLogger,
    private readonly onStopped: () => void,
  ) {
    this.claimIdleMs = options.claimIdleMs ?? DEFAULT_CLAIM_IDLE_MS;
    this.blockMs = Math.max(10, Math.min(MAX_BLOCK_MS, Math.floor(this.claimIdleMs / 2)));
    this.streams = options.topics.map((topic) => ({ topic, stream: host.streamKey(topic) }));
    this.runner = new DeliveryRunner(options.group, options.handler, policy, logger);
    // A blocked XREADGROUP holds its connection, so each subscription gets its own.
    this.blocking = redis.duplicate({ enableAutoPipelining: false });
    // A reconnect (Redis restarted, say) gives the connection a new id; stop() unblocks by id.
    this.blocking.on('ready', () => {
      this.blocking.client('ID').then(
        (id) => (this.blockingClientId = Number(id)),
        () => undefined,
      );
    });
  }

  get topics(): { topic: string; stream: string }[] {
    return this.streams;
  }

  get group(): string {
    return this.options.group;
  }

  async start(): Promise<void> {
    await this.createGroups();
    this.blockingClientId = Number(await this.blocking.client('ID'));
    this.running = true;
    const heartbeatMs = Math.max(50, Math.floor(this.claimIdleMs / 3));
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), heartbeatMs);
    this.heartbeatTimer.unref();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return this.loop;
    this.running = false;
    this.runner.stop();
    clearInterval(this.heartbeatTimer);
    this.wake?.();
    let stopped = false;
    const loop = this.loop!.finally(() => (stopped = true));
    // CLIENT UNBLOCK ends a blocked read as a timeout, so nothing it would have delivered is lost.
    while (!stopped) {
      if (this.blockingClientId !== undefined)
        await this.redis.client('UNBLOCK', this.blockingClientId).catch(() => undefined);
      await Promise.race([loop, sleep(50)]);
    }
    await this.forgetConsumerIfIdle();
    await this.blocking.quit().catch(() => undefined);
    this.onStopped();
  }

  /** Start id 0: a group created after events were published still gets all of them. */
  private async createGroups(): Promise<void> {
    for (const { stream } of this.streams) {
      try {
        await this.redis.xgroup('CREATE', stream, this.options.group, '0', 'MKSTREAM');
      } catch (error) {
        if (!errorMessage(error).includes('BUSYGROUP')) throw error;
      }
    }
  }

  private async run(): Promise<void> {
    // Entries this consumer name read before a restart and never acked.
    await this.guard(() => this.readOwnPending());
    while (this.running) {
      await this.guard(async () => {
        // While paused nothing new is taken (it would only wait), and while full neither (until
        // a whole read's worth is free: reading one entry per round trip would be slow).
        if (this.runner.paused || this.held.size > MAX_HELD - READ_COUNT)
          return this.nap(Math.min(this.blockMs, 500));
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
        this.accept(this.deliveriesOf(reply, () => 1));
      });
    }
    // Running handlers finish (their waits ended with the runner); their entries get acked.
    await Promise.all([...this.workers]);
    this.flushAcks();
    await this.acksSent;
  }

  /**
   * Keeps the loop alive through Redis trouble; the entries stay pending and come back. A
   * missing group (NOGROUP: Redis restarted without its data, or the stream was deleted) is
   * created again, from 0, and consumption goes on.
   */
  private async guard(step: () => Promise<void>): Promise<void> {
    try {
      await step();
      if (this.failingSince !== undefined) {
        this.logger.warn(
          { group: this.options.group, failingMs: Date.now() - this.failingSince },
          'subscription reading again',
        );
        this.failingSince = undefined;
      }
    } catch (error) {
      if (!this.running) return;
      if (errorMessage(error).includes('NOGROUP')) {
        this.logger.warn(
          { group: this.options.group, streams: this.streams.map((s) => s.stream) },
          'consumer group missing (Redis restarted without its data?): creating it again',
        );
        await this.createGroups().catch(() => undefined);
        return;
      }
      const now = Date.now();
      this.failingSince ??= now;
      // One line when it starts, then one every 30 s, not one per retry.
      if (now - this.lastFailureLogAt >= 30_000) {
        this.lastFailureLogAt = now;
        this.logger.error(
          { group: this.options.group, consumer: this.consumer, err: errorMessage(error) },
          'subscription cannot read',
        );
      }
      await this.nap(Math.min(5_000, 250 * 2 ** Math.min(5, Math.floor((now - this.failingSince) / 1_000))));
    }
  }

  private nap(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      this.wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  private async readOwnPending(): Promise<void> {
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
    this.accept(this.deliveriesOf(reply, (stream, id) => counts.get(`${stream}/${id}`) ?? 1));
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
        const fresh = entries.filter(([id]) => !this.held.has(`${stream}/${id}`));
        if (fresh.length === 0) continue;
        const counts = await this.deliveryCounts(fresh.map(([id]) => ({ stream, id })));
        this.accept(
          fresh.map(([id, fields]) => ({
            topic,
            stream,
            id,
            fields,
            deliveries: counts.get(`${stream}/${id}`) ?? 1,
          })),
        );
      } while (cursor !== '0-0' && this.running && this.held.size < MAX_HELD);
    }
  }

  /** Resets the idle time of every entry held here, so XAUTOCLAIM elsewhere leaves them alone. */
  private async heartbeat(): Promise<void> {
    if (this.heartbeating || this.held.size === 0) return;
    this.heartbeating = true;
    try {
      for (const { stream } of this.streams) {
        const ids = [...this.held.values()].filter((d) => d.stream === stream).map((d) => d.id);
        for (let i = 0; i < ids.length; i += 500) {
          await this.redis.xclaim(
            stream,
            this.options.group,
            this.consumer,
            0,
            ...ids.slice(i, i + 500),
            'JUSTID',
          );
        }
      }
    } catch {
      // Redis unreachable: the loop reports it; the entries stay pending either way.
    } finally {
      this.heartbeating = false;
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

  /** Queues entries behind the earlier ones of their key and starts a worker for a key that has none. */
  private accept(deliveries: Delivery[]): void {
    for (const delivery of deliveries) {
      const ref = `${delivery.stream}/${delivery.id}`;
      if (this.held.has(ref)) continue;
      this.held.set(ref, delivery);
      const key = `${delivery.stream}\u0000${fieldOf(delivery.fields, 'key') ?? delivery.id}`;
      const queue = this.queues.get(key);
      if (queue) {
        // Claimed entries can be older than ones read already: keep the queue in stream order
        // (behind the head, which is running).
        let at = queue.length;
        while (at > 1 && compareIds(queue[at - 1].id, delivery.id) > 0) at -= 1;
        queue.splice(at, 0, delivery);
      } else {
        const fresh = [delivery];
        this.queues.set(key, fresh);
        const worker = this.work(key, fresh).finally(() => this.workers.delete(worker));
        this.workers.add(worker);
      }
    }
  }

  private async work(key: string, queue: Delivery[]): Promise<void> {
    while (queue.length > 0) {
      const delivery = queue[0];
      let outcome: 'handled' | 'dead' | 'abandoned';
      try {
        outcome = await this.deliver(delivery);
      } catch (error) {
        // Redis failed under the DLQ write or the retry count: the entry is still pending.
        if (this.running)
          this.logger.error(
            { group: this.options.group, entry: delivery.id, err: errorMessage(error) },
            'entry left pending',
          );
        outcome = 'abandoned';
      }
      if (outcome === 'abandoned') {
        // Left pending (stopping, or taken over): its key's later entries must not overtake it,
        // so they are let go too; a claim brings them back in order.
        for (const d of queue) this.held.delete(`${d.stream}/${d.id}`);
        queue.length = 0;
        break;
      }
      queue.shift();
      this.held.delete(`${delivery.stream}/${delivery.id}`);
      if (this.held.size <= MAX_HELD - READ_COUNT) this.wake?.();
    }
    this.queues.delete(key);
  }

  private async deliver(delivery: Delivery): Promise<'handled' | 'dead' | 'abandoned'> {
    // Deleted while pending: nothing left to handle, just ack it.
    if (delivery.fields === null) {
      void this.ack(delivery);
      return 'handled';
    }
    const parsed = parseEvent(fieldOf(delivery.fields, 'event'));
    if (!parsed.ok) {
      await this.deadLetter(delivery, delivery.deliveries, `invalid event: ${parsed.error}`);
      busMetrics.deadLetters.inc({ topic: delivery.topic, group: this.options.group });
      return 'dead';
    }
    const outcome = await this.runner.deliver(delivery.topic, parsed.event, delivery.deliveries, {
      deadLetter: (attempts, reason) => this.deadLetter(delivery, attempts, reason),
      // XCLAIM to ourselves counts the redelivery in Redis, so the count survives a restart; an
      // empty reply means another consumer has taken the entry over.
      beforeRetry: async () => {
        const claimed = (await this.redis.xclaim(
          delivery.stream,
          this.options.group,
          this.consumer,
          0,
          delivery.id,
        )) as StreamEntry[];
        return claimed.length > 0;
      },
    });
    // Not awaited: the key's next event need not wait for the round trip (stop() waits for it).
    if (outcome === 'handled') void this.ack(delivery);
    return outcome;
  }

  /**
   * Acks go out together, one XACK per stream for what was handled within ACK_DELAY_MS (or
   * ACK_BATCH entries): an XACK per event costs more CPU than the handling of a light event.
   * A later ack only means a later redelivery after a crash, which the inbox absorbs. Not
   * acked (Redis away): the entry comes back later and the inbox skips it.
   */
  private ack(delivery: Delivery): Promise<void> {
    let batch = this.pendingAcks.get(delivery.stream);
    if (!batch) {
      batch = [];
      this.pendingAcks.set(delivery.stream, batch);
    }
    batch.push(delivery.id);
    this.pendingAckCount += 1;
    if (this.pendingAckCount >= ACK_BATCH) this.flushAcks();
    else this.ackTimer ??= setTimeout(() => this.flushAcks(), ACK_DELAY_MS);
    return this.acksSent;
  }

  private flushAcks(): void {
    clearTimeout(this.ackTimer);
    this.ackTimer = undefined;
    const acks = [...this.pendingAcks];
    this.pendingAcks.clear();
    this.pendingAckCount = 0;
    const sent = Promise.all(
      acks.map(([stream, ids]) => this.redis.xack(stream, this.options.group, ...ids).catch(() => undefined)),
    );
    this.acksSent = Promise.all([this.acksSent, sent]).then(() => undefined);
  }

  private async deadLetter(delivery: Delivery, attempts: number, reason: string): Promise<void> {
    // One MULTI: the entry is either in the DLQ and acked, or still pending.
    await this.redis
      .multi()
      .xadd(
        this.host.streamKey(dlqTopic(delivery.topic)),
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

export function fieldOf(fields: string[] | null, name: string): string | undefined {
  if (!fields) return undefined;
  for (let i = 0; i < fields.length - 1; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

/** Orders stream ids (`<ms>-<seq>`). */
export function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am !== bm ? am - bm : as - bs;
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
