import { Redis } from 'ioredis';
import type { EventEnvelope } from '@manzil/contracts';
import { expectEventually } from './eventually.js';

/**
 * Waits until an event matching `predicate` is on `topic` of the bus namespace. Reads the
 * Redis stream directly (XRANGE), without joining any consumer group, so it observes the
 * bus without changing what the services consume.
 */
export async function waitForEvent(
  redisUrl: string,
  namespace: string,
  topic: string,
  predicate: (event: EventEnvelope) => boolean,
  timeoutMs = 5000,
): Promise<EventEnvelope> {
  const redis = new Redis(redisUrl);
  try {
    return await expectEventually(
      async () => {
        const entries = await redis.xrange(`${namespace}:${topic}`, '-', '+');
        for (const [, fields] of entries) {
          const index = fields.indexOf('event');
          if (index < 0) continue;
          const event = JSON.parse(fields[index + 1]) as EventEnvelope;
          if (predicate(event)) return event;
        }
        throw new Error(`no matching event on ${topic}`);
      },
      { timeoutMs },
    );
  } finally {
    redis.disconnect();
  }
}
