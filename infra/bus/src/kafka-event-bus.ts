import { createRequire } from 'node:module';
import type { Consumer, Kafka as KafkaClient, KafkaMessage, Producer } from 'kafkajs';
import { eventEnvelopeSchema, type EventEnvelope } from '@manzil/contracts';
import { consoleBusLogger, DeliveryRunner, type BusLogger } from './consumer/delivery-runner.js';
import { busMetrics } from './consumer/metrics.js';
import {
  DEFAULT_RETRY_POLICY,
  definedOnly,
  dlqTopic,
  sleep,
  type EventBus,
  type ReplayOptions,
  type ReplayResult,
  type RetryPolicy,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';

/**
 * kafkajs (CommonJS, ~140 files) is loaded when a Kafka bus is first made, not when the package
 * is imported: every service process and every `cli.js` imports @manzil/bus, most of them on
 * Redis Streams, and loading it cost each of them that much module loading for nothing.
 */
let loaded: typeof import('kafkajs') | undefined;
const kafkajs = () => (loaded ??= createRequire(import.meta.url)('kafkajs') as typeof import('kafkajs'));

export interface KafkaEventBusOptions {
  clientId: string;
  brokers: string[];
  /**
   * Prefix of topic and group names (`${namespace}.listings.property`), for tests sharing a
   * cluster. Leave it unset in production, where topics are declared under k8s/.
   */
  namespace?: string;
  /** Defaults of this bus's subscriptions (DEFAULT_RETRY_POLICY otherwise). */
  retry?: Partial<RetryPolicy>;
  logger?: BusLogger;
  /** The consumers' group session timeout (kafkajs' default 30 s); a waiting retry heartbeats within it. */
  sessionTimeoutMs?: number;
}

/**
 * Partitions of a subscription handled at once. A message waiting for its retry holds up its
 * partition only (Kafka's order is per partition), so the other partitions go on.
 */
const PARTITIONS_CONCURRENTLY = 8;
/** A waiting handler heartbeats this often, well inside the group's session timeout (≥ 6 s on a broker's defaults). */
const HEARTBEAT_EVERY_MS = 2_000;

/**
 * Kafka engine (production): message key = event.key, so one aggregate's events land on one
 * partition and keep their order. Handlers are retried in place with the retry policy's
 * backoff (Kafka has no per-message delivery count, so a restart counts the attempts afresh),
 * heartbeating while they wait, then the message goes to `<topic>.dlq` and the offset moves on.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: KafkaClient;
  private readonly prefix: string;
  private producer?: Promise<Producer>;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private readonly retry: RetryPolicy;
  private readonly logger: BusLogger;
  readonly sessionTimeoutMs?: number;

  constructor(options: KafkaEventBusOptions) {
    const { Kafka, logLevel } = kafkajs();
    this.kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.WARN });
    this.prefix = options.namespace ? `${options.namespace}.` : '';
    this.retry = { ...DEFAULT_RETRY_POLICY, ...definedOnly(options.retry ?? {}) };
    this.logger = options.logger ?? consoleBusLogger;
    this.sessionTimeoutMs = options.sessionTimeoutMs;
  }

  topicName(topic: string): string {
    return `${this.prefix}${topic}`;
  }

  groupName(group: string): string {
    return `${this.prefix}${group}`;
  }

  async publish(topic: string, event: EventEnvelope): Promise<void> {
    await this.send(this.topicName(topic), event.key, JSON.stringify(event), { type: event.type });
  }

  /** One produce request for them all (a request each, one in flight, capped the outbox relay). */
  async publishBatch(topic: string, events: EventEnvelope[]): Promise<void> {
    const producer = await this.connectedProducer();
    await producer.send({
      topic: this.topicName(topic),
      acks: -1,
      messages: events.map((event) => ({
        key: event.key,
        value: JSON.stringify(event),
        headers: { type: event.type },
      })),
    });
  }

  async send(topic: string, key: string, value: string, headers: Record<string, string>): Promise<void> {
    const producer = await this.connectedProducer();
    await producer.send({ topic, acks: -1, messages: [{ key, value, headers }] });
  }

  private connectedProducer(): Promise<Producer> {
    // Idempotent producer with one request in flight: retries cannot reorder or duplicate a key's messages.
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // Named explicitly (kafkajs warns otherwise): murmur2 of the key, as Java clients do,
        // so a key maps to the same partition whoever produces it.
        createPartitioner: kafkajs().Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })();
    return this.producer;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const policy: RetryPolicy = {
      ...this.retry,
      ...definedOnly({ maxAttempts: options.maxAttempts, retryDelaysMs: options.retryDelaysMs }),
    };
    const subscription = new KafkaSubscription(this, this.kafka, options, policy, this.logger, () =>
      this.subscriptions.delete(subscription),
    );
    await subscription.start();
    this.subscriptions.add(subscription);
    return subscription;
  }

  /**
   * Publishes the dead letters of `topic` on it again. Kafka cannot delete a message, so a
   * replay group (`bus-replay.<topic>.<group or all>`) commits what it has moved: running the
   * same replay twice moves each dead letter once. Stops at the end offsets seen when it starts.
   */
  async replayDeadLetters(topic: string, options: ReplayOptions = {}): Promise<ReplayResult> {
    const dlq = this.topicName(dlqTopic(topic));
    const groupId = this.groupName(`bus-replay.${topic}.${options.group ?? 'all'}`);
    const admin = this.kafka.admin();
    await admin.connect();
    const remaining = new Map<number, number>();
    try {
      const ends = await admin.fetchTopicOffsets(dlq);
      const [committed] = await admin.fetchOffsets({ groupId, topics: [dlq] });
      const start = new Map(committed?.partitions.map((p) => [p.partition, Number(p.offset)]) ?? []);
      for (const { partition, high, low } of ends) {
        const from = Math.max(Number(low), start.get(partition) ?? -1);
        if (from < Number(high)) remaining.set(partition, Number(high));
      }
    } finally {
      await admin.disconnect();
    }
    if (remaining.size === 0) return { replayed: 0, skipped: 0 };

    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    let replayed = 0;
    let skipped = 0;
    const consumer = this.kafka.consumer({ groupId });
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [dlq], fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachMessage: async ({ partition, message }) => {
          const high = remaining.get(partition);
          if (high === undefined) return;
          const offset = Number(message.offset);
          if (offset < high) {
            const group = message.headers?.group?.toString();
            if (options.group && group !== options.group) {
              skipped += 1;
            } else if (replayed < limit) {
              await this.send(
                this.topicName(topic),
                message.key?.toString() ?? '',
                message.value?.toString() ?? '',
                {
                  type: message.headers?.type?.toString() ?? '',
                },
              );
              replayed += 1;
            } else {
              // Past the limit: not committed, so the next replay starts here.
              skipped += 1;
              remaining.delete(partition);
              if (remaining.size === 0) finished();
              return;
            }
            await consumer.commitOffsets([{ topic: dlq, partition, offset: String(offset + 1) }]);
          }
          if (offset + 1 >= high) {
            remaining.delete(partition);
            if (remaining.size === 0) finished();
          }
        },
      });
      await done;
    } finally {
      await consumer.disconnect();
    }
    if (replayed > 0) busMetrics.replayed.inc({ topic }, replayed);
    return { replayed, skipped };
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.producer) await (await this.producer).disconnect();
  }
}

class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private readonly topicOf: Map<string, string>;
  private readonly runner: DeliveryRunner;
  private running = false;

  constructor(
    private readonly bus: KafkaEventBus,
    kafka: KafkaClient,
    private readonly options: SubscribeOptions,
    policy: RetryPolicy,
    logger: BusLogger,
    private readonly onStopped: () => void,
  ) {
    this.topicOf = new Map(options.topics.map((t) => [bus.topicName(t), t]));
    this.consumer = kafka.consumer({
      groupId: bus.groupName(options.group),
      // disconnect() waits for the fetch in flight, which the broker holds up to maxWaitTime
      // when there is nothing to read: kafkajs' 5 s default made every stop() (service
      // shutdown, each test) take 5 s on a real broker. 1 s costs one empty fetch a second.
      maxWaitTimeInMs: 1_000,
      ...(bus.sessionTimeoutMs ? { sessionTimeout: bus.sessionTimeoutMs } : {}),
    });
    this.runner = new DeliveryRunner(options.group, options.handler, policy, logger);
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    // fromBeginning: a group that starts late still gets every retained event.
    await this.consumer.subscribe({ topics: [...this.topicOf.keys()], fromBeginning: true });
    this.running = true;
    // A partition's batches come one after another. Inside a batch, the messages of one key run
    // in order and different keys run at once (as on Redis Streams): one message at a time per
    // partition capped a consumer at 8 events in flight (scripts/bench/bus.ts: ~700 events/s,
    // handleOnce's group commit starved). The offset moves past a batch only once every message
    // in it is handled; a batch cut short (stopping, a rebalance) comes again whole, and the
    // messages already handled are skipped by the consumer's inbox.
    await this.consumer.run({
      partitionsConsumedConcurrently: PARTITIONS_CONCURRENTLY,
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        const byKey = new Map<string, KafkaMessage[]>();
        for (const message of batch.messages) {
          const key = message.key?.toString() ?? '';
          const queue = byKey.get(key);
          if (queue) queue.push(message);
          else byKey.set(key, [message]);
        }
        let cut = false;
        const beat = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_EVERY_MS);
        try {
          await Promise.all(
            [...byKey.values()].map(async (messages) => {
              for (const message of messages) {
                if (!isRunning() || isStale()) {
                  cut = true;
                  return;
                }
                await this.handle(batch.topic, message, heartbeat);
              }
            }),
          );
        } finally {
          clearInterval(beat);
        }
        if (cut) return;
        resolveOffset(batch.lastOffset());
        await heartbeat();
      },
    });
  }

  /** One message: parsed, delivered with the retry policy, dead-lettered when invalid or out of tries. */
  private async handle(topic: string, message: KafkaMessage, heartbeat: () => Promise<void>): Promise<void> {
    const logical = this.topicOf.get(topic) ?? topic;
    const raw = message.value?.toString() ?? '';
    const parsed = eventEnvelopeSchema.safeParse(safeJson(raw));
    if (!parsed.success) {
      await this.deadLetter(logical, message.key?.toString() ?? '', raw, '', 0, 'invalid event');
      busMetrics.deadLetters.inc({ topic: logical, group: this.options.group });
      return;
    }
    const outcome = await this.runner.deliver(logical, parsed.data, 1, {
      deadLetter: (attempts, reason) =>
        this.deadLetter(logical, parsed.data.key, raw, parsed.data.type, attempts, reason),
      wait: (ms, signal) => waitHeartbeating(ms, signal, heartbeat),
    });
    // Stopping: throw so the batch's offset is not committed and the message comes again.
    if (outcome === 'abandoned') throw new Error('consumer stopping: message left for redelivery');
  }

  private async deadLetter(
    topic: string,
    key: string,
    raw: string,
    type: string,
    attempts: number,
    reason: string,
  ) {
    await this.bus.send(this.bus.topicName(dlqTopic(topic)), key, raw, {
      type,
      group: this.options.group,
      attempts: String(attempts),
      error: reason,
    });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.runner.stop();
    await this.consumer.disconnect();
    this.onStopped();
  }
}

/**
 * Sleeps in slices, heartbeating between them, so a message waiting minutes for its retry
 * keeps the consumer in its group. A heartbeat that fails (a rebalance) ends the wait with
 * its error: the partition may be someone else's now, and kafkajs rejoins.
 */
async function waitHeartbeating(
  ms: number,
  signal: AbortSignal,
  heartbeat: () => Promise<void>,
): Promise<void> {
  const until = Date.now() + ms;
  while (!signal.aborted && Date.now() < until) {
    await sleep(Math.min(HEARTBEAT_EVERY_MS, until - Date.now()), signal);
    if (!signal.aborted) await heartbeat();
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
