import type { BusLogger } from './consumer/delivery-runner.js';
import type { EventBus, RetryPolicy } from './event-bus.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import type { StreamRetention } from './redis-stream-trimmer.js';
import { RedisStreamsEventBus } from './redis-streams-event-bus.js';

/** Kafka when kafkaBrokers is non-empty (production), else Redis Streams (everywhere else). */
export function createEventBus(options: {
  clientId: string;
  redisUrl?: string;
  namespace?: string;
  kafkaBrokers?: string[];
  retry?: Partial<RetryPolicy>;
  /** Redis Streams only: Kafka's retention is the topic's configuration. */
  retention?: StreamRetention;
  logger?: BusLogger;
}): EventBus {
  const brokers = (options.kafkaBrokers ?? []).filter((b) => b.trim() !== '');
  if (brokers.length > 0) {
    return new KafkaEventBus({
      clientId: options.clientId,
      brokers,
      namespace: options.namespace,
      retry: options.retry,
      logger: options.logger,
    });
  }
  return new RedisStreamsEventBus({
    clientId: options.clientId,
    redisUrl: options.redisUrl,
    namespace: options.namespace,
    retry: options.retry,
    retention: options.retention,
    logger: options.logger,
  });
}
