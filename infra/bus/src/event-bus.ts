import type { EventEnvelope } from '@manzil/contracts';

/** The bus port (DESIGN rule 3): one interface, a Redis Streams engine and a Kafka engine. */
export interface EventBus {
  /** Publishes on `topic`, keyed by event.key (order per key must hold). */
  publish(topic: string, event: EventEnvelope): Promise<void>;
  /**
   * Optional: publishes several events on `topic` in one request, in their order (so order per
   * key holds), for engines where a request per event is the cost (Kafka). When it throws, any
   * of them may have been published: the caller publishes them again one by one.
   */
  publishBatch?(topic: string, events: EventEnvelope[]): Promise<void>;
  /** Consumes `topics` as consumer group `group` (one group per service). A handler that throws
   *  gets the event again after a backoff (see RetryPolicy); after `maxAttempts` it goes to the
   *  dead-letter stream/topic `<topic>.dlq`. An infrastructure error pauses the subscription instead. */
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Moves the dead letters of `topic` (only those of `group`, when given) back onto `topic`. */
  replayDeadLetters(topic: string, options?: ReplayOptions): Promise<ReplayResult>;
  close(): Promise<void>;
}

export interface ReplayOptions {
  /** Only dead letters this consumer group gave up on. */
  group?: string;
  /** At most this many (default: all there are when the replay starts). */
  limit?: number;
}

export interface ReplayResult {
  /** Dead letters published again on the topic. */
  replayed: number;
  /** Dead letters left where they are (another group's, or past the limit). */
  skipped: number;
}

export interface SubscribeOptions {
  group: string;
  topics: string[];
  handler: (event: EventEnvelope, topic: string) => Promise<void>;
  consumerName?: string;
  /** Attempts of a failing handler before the dead letter (default: the bus's, see RetryPolicy). */
  maxAttempts?: number;
  /** Pauses between attempts (default: the bus's, see RetryPolicy). */
  retryDelaysMs?: number[];
  /** For Redis: pending entries idle longer than this are claimed from dead consumers (default 30000 ms). */
  claimIdleMs?: number;
}

/**
 * What a consumer does with a handler that throws. A handler error (a bug, an invalid payload)
 * is retried after `retryDelaysMs[attempt - 1]` (the last one repeating, each ±20 % so events
 * that failed together do not retry together) until `maxAttempts`, then dead-lettered. An
 * infrastructure error (see `isInfrastructureError`) costs no attempt: the subscription pauses,
 * retries that event every `pauseProbeDelaysMs` until it goes through, then resumes.
 */
export interface RetryPolicy {
  maxAttempts: number;
  retryDelaysMs: number[];
  pauseProbeDelaysMs: number[];
}

/** 1 s, 5 s, 30 s, 2 min, 10 min: about 13 minutes of a failing handler before the dead letter. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  retryDelaysMs: [1_000, 5_000, 30_000, 120_000, 600_000],
  pauseProbeDelaysMs: [500, 1_000, 2_000, 5_000, 10_000, 30_000],
};

export interface Subscription {
  stop(): Promise<void>;
}

export const DEFAULT_CLAIM_IDLE_MS = 30_000;

export function dlqTopic(topic: string): string {
  return `${topic}.dlq`;
}

/** The n-th entry of a list of delays (1-based), the last one repeating; ±20 % when jitter is on. */
export function delayAt(delaysMs: number[], n: number, jitter = true): number {
  const base = delaysMs[Math.min(Math.max(1, n), delaysMs.length) - 1] ?? 0;
  return jitter ? Math.round(base * (0.8 + Math.random() * 0.4)) : base;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Resolves after `ms`, or at once when `signal` aborts (a stopping consumer does not wait out a backoff). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** The object without its undefined members, so spreading it over defaults keeps them. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
