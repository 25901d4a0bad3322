import kafkajs from 'kafkajs';
import type { Consumer, Kafka as KafkaClient, Producer } from 'kafkajs';
import { eventEnvelopeSchema, type EventEnvelope } from '@manzil/contracts';
import {
  DEFAULT_MAX_ATTEMPTS,
  dlqTopic,
  errorMessage,
  retryDelayMs,
  sleep,
  type EventBus,
  type SubscribeOptions,
  type Subscription,
} from './event-bus.js';

// kafkajs is CommonJS: take its members from the default export.
const { Kafka, logLevel } = kafkajs;

export interface KafkaEventBusOptions {
  clientId: string;
  brokers: string[];
  /**
   * Prefix of topic and group names (`${namespace}.listings.property`), for tests sharing a
   * cluster. Leave it unset in production, where topics are declared under k8s/.
   */
  namespace?: string;
}

/**
 * Kafka engine (production): message key = event.key, so one aggregate's events land on one
 * partition and keep their order. Handlers are retried in place (Kafka has no per-message
 * delivery count), then the message goes to `<topic>.dlq` and the offset moves on.
 */
export class KafkaEventBus implements EventBus {
  private readonly kafka: KafkaClient;
  private readonly prefix: string;
  private producer?: Promise<Producer>;
  private readonly subscriptions = new Set<KafkaSubscription>();

  constructor(options: KafkaEventBusOptions) {
    this.kafka = new Kafka({ clientId: options.clientId, brokers: options.brokers, logLevel: logLevel.WARN });
    this.prefix = options.namespace ? `${options.namespace}.` : '';
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

  async send(topic: string, key: string, value: string, headers: Record<string, string>): Promise<void> {
    const producer = await this.connectedProducer();
    await producer.send({ topic, acks: -1, messages: [{ key, value, headers }] });
  }

  private connectedProducer(): Promise<Producer> {
    // Idempotent producer with one request in flight: retries cannot reorder or duplicate a key's messages.
    this.producer ??= (async () => {
      const producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      return producer;
    })();
    return this.producer;
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const subscription = new KafkaSubscription(this, this.kafka, options, () =>
      this.subscriptions.delete(subscription),
    );
    await subscription.start();
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.producer) await (await this.producer).disconnect();
  }
}

class KafkaSubscription implements Subscription {
  private readonly consumer: Consumer;
  private readonly maxAttempts: number;
  private readonly topicOf: Map<string, string>;
  private running = false;

  constructor(
    private readonly bus: KafkaEventBus,
    kafka: KafkaClient,
    private readonly options: SubscribeOptions,
    private readonly onStopped: () => void,
  ) {
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.topicOf = new Map(options.topics.map((t) => [bus.topicName(t), t]));
    this.consumer = kafka.consumer({ groupId: bus.groupName(options.group) });
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    // fromBeginning: a group that starts late still gets every retained event.
    await this.consumer.subscribe({ topics: [...this.topicOf.keys()], fromBeginning: true });
    this.running = true;
    // eachMessage runs one message at a time per partition, which is what keeps order per key.
    await this.consumer.run({
      eachMessage: async ({ topic, message }) => {
        const logical = this.topicOf.get(topic) ?? topic;
        const raw = message.value?.toString() ?? '';
        const parsed = eventEnvelopeSchema.safeParse(safeJson(raw));
        if (!parsed.success) {
          await this.deadLetter(logical, message.key?.toString() ?? '', raw, 0, 'invalid event');
          return;
        }
        for (let attempt = 1; ; attempt++) {
          try {
            await this.options.handler(parsed.data, logical);
            return;
          } catch (error) {
            if (attempt >= this.maxAttempts) {
              await this.deadLetter(logical, parsed.data.key, raw, attempt, errorMessage(error));
              return;
            }
            // Stopping: throw so the offset is not committed and the message comes again.
            if (!this.running) throw error;
            await sleep(retryDelayMs(attempt));
          }
        }
      },
    });
  }

  private async deadLetter(topic: string, key: string, raw: string, attempts: number, reason: string) {
    await this.bus.send(this.bus.topicName(dlqTopic(topic)), key, raw, {
      group: this.options.group,
      attempts: String(attempts),
      error: reason,
    });
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    await this.consumer.disconnect();
    this.onStopped();
  }
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
