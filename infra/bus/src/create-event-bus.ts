import type { EventBus } from './event-bus.js';
import { KafkaEventBus } from './kafka-event-bus.js';
import { RedisStreamsEventBus } from './redis-streams-event-bus.js';

/** Kafka when kafkaBrokers is non-empty (production), else Redis Streams (everywhere else). */
export function createEventBus(options: {
  clientId: string;
  redisUrl?: string;
  namespace?: string;
  kafkaBrokers?: string[];
}): EventBus {
  const brokers = (options.kafkaBrokers ?? []).filter((b) => b.trim() !== '');
  if (brokers.length > 0) {
    return new KafkaEventBus({ clientId: options.clientId, brokers, namespace: options.namespace });
  }
  return new RedisStreamsEventBus({
    clientId: options.clientId,
    redisUrl: options.redisUrl,
    namespace: options.namespace,
  });
}
