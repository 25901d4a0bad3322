import type { EventEnvelope } from '@manzil/contracts';

/** The bus port (DESIGN rule 3): one interface, a Redis Streams engine and a Kafka engine. */
export interface EventBus {
  /** Publishes on `topic`, keyed by event.key (order per key must hold). */
  publish(topic: string, event: EventEnvelope): Promise<void>;
  /** Consumes `topics` as consumer group `group` (one group per service). A handler that throws
   *  gets the event again; after `maxAttempts` (default 5) it goes to the dead-letter stream/topic `<topic>.dlq`. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  close(): Promise<void>;
}

export interface SubscribeOptions {
  group: string;
  topics: string[];
  handler: (event: EventEnvelope, topic: string) => Promise<void>;
  consumerName?: string;
  maxAttempts?: number;
  /** For Redis: pending entries idle longer than this are claimed from dead consumers (default 30000 ms). */
  claimIdleMs?: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_CLAIM_IDLE_MS = 30_000;

export function dlqTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** Pause between attempts of a failing handler: 50 ms, 100 ms, 200 ms ... capped at 2 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2_000, 50 * 2 ** Math.max(0, attempt - 1));
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
