import { isInfrastructureError } from '../consumer/failure.js';

/*
 * Tells "the bus cannot be reached" (every event would fail the same way, and will go through
 * once it is back) from "the bus refuses this event" (a wrong stream type, an unknown Kafka
 * topic, a message too large): only the second kind counts towards parking an outbox row.
 * The consumers' rule (isInfrastructureError) with two differences for publishing.
 */

/** kafkajs protocol errors of a partition without a leader for now, which come without a code. */
const KAFKA_TYPES = new Set([
  'LEADER_NOT_AVAILABLE',
  'NOT_LEADER_FOR_PARTITION',
  'NOT_LEADER_OR_FOLLOWER',
  'REQUEST_TIMED_OUT',
  'NETWORK_EXCEPTION',
  'NOT_ENOUGH_REPLICAS',
  'NOT_ENOUGH_REPLICAS_AFTER_APPEND',
  'BROKER_NOT_AVAILABLE',
]);

/** Redis refusing every write for a while (out of memory, a script running). */
const REDIS_BUSY = /^(OOM|BUSY)\b/;

export function isBusUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { name, type, message, cause } = error as {
    name?: unknown;
    type?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  // kafkajs also retries a topic the broker does not have, then gives up with this error:
  // what it retried decides, so an unknown topic counts against the row.
  if (name === 'KafkaJSNumberOfRetriesExceeded') return isBusUnavailable(cause, depth + 1);
  if (typeof type === 'string' && KAFKA_TYPES.has(type)) return true;
  if (typeof message === 'string' && REDIS_BUSY.test(message)) return true;
  return isInfrastructureError(error);
}
