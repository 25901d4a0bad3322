import type { EventEnvelope } from '@manzil/contracts';
import { delayAt, errorMessage, sleep, type RetryPolicy } from '../event-bus.js';
import { isInfrastructureError } from './failure.js';
import { busMetrics } from './metrics.js';

/** Where a consumer's warnings go (a Nest logger, pino, or the console by default). */
export interface BusLogger {
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export const consoleBusLogger: BusLogger = {
  warn: (fields, message) => console.warn(`[bus] ${message}`, fields),
  error: (fields, message) => console.error(`[bus] ${message}`, fields),
};

/** What the engine does around the attempts of one event. */
export interface DeliveryHooks {
  /** Before attempt n + 1 after a handler failure (Redis counts the redelivery); false: no longer ours. */
  beforeRetry?(): Promise<boolean>;
  /** Writes the event to `<topic>.dlq` (and acks it). */
  deadLetter(attempts: number, reason: string): Promise<void>;
  /** Waits between attempts; Kafka keeps its group membership alive meanwhile. */
  wait?(ms: number, signal: AbortSignal): Promise<void>;
}

/** handled: ack it. dead: it is in the DLQ. abandoned: leave it pending (stopping, or taken over). */
export type DeliveryOutcome = 'handled' | 'dead' | 'abandoned';

interface Pause {
  /** The one delivery that keeps trying while the others wait. */
  prober: object;
  since: number;
  resumed: Promise<void>;
  resume: () => void;
}

/**
 * The attempts of one subscription's events, engine-neutral: retries with the policy's backoff,
 * the dead letter after `maxAttempts`, and the pause rule. While the infrastructure is down
 * (see isInfrastructureError) one event probes it with growing pauses and every other event
 * of the subscription waits, so an outage of any length costs no event an attempt; the
 * engine stops fetching meanwhile (`paused`).
 */
export class DeliveryRunner {
  private readonly abort = new AbortController();
  private pause?: Pause;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly group: string,
    private readonly handler: (event: EventEnvelope, topic: string) => Promise<void>,
    private readonly policy: RetryPolicy,
    private readonly logger: BusLogger,
    /** Handlers running at once per subscription; an event waiting for its retry holds no slot. */
    private readonly concurrency = 200,
  ) {}

  private async run(event: EventEnvelope, topic: string): Promise<void> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      await this.handler(event, topic);
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  get paused(): boolean {
    return this.pause !== undefined;
  }

  /** Waits and retries end at once; handlers already running finish. */
  stop(): void {
    this.abort.abort();
    this.endPause();
  }

  async deliver(
    topic: string,
    event: EventEnvelope,
    firstAttempt: number,
    hooks: DeliveryHooks,
  ): Promise<DeliveryOutcome> {
    const self = {};
    const labels = { topic, type: event.type, group: this.group };
    const wait = (ms: number, signal = this.signal) =>
      hooks.wait ? hooks.wait(ms, signal) : sleep(ms, signal);
    let attempt = firstAttempt;
    let probes = 0;
    for (;;) {
      if (this.stopped) return 'abandoned';
      if (attempt > this.policy.maxAttempts) {
        // Delivered that often without an ack: its consumer died handling it each time (a poison event).
        await hooks.deadLetter(attempt - 1, 'delivered more than maxAttempts times without an ack');
        busMetrics.deadLetters.inc({ topic, group: this.group });
        return 'dead';
      }
      if (this.pause && this.pause.prober !== self) {
        await this.untilResumed(this.pause, wait);
        continue;
      }
      try {
        await this.run(event, topic);
        busMetrics.handled.inc(labels);
        busMetrics.lag.observe(labels, Math.max(0, Date.now() - Date.parse(event.occurredAt)) / 1000);
        if (this.pause?.prober === self) this.endPause();
        return 'handled';
      } catch (error) {
        if (this.stopped) return 'abandoned';
        if (isInfrastructureError(error)) {
          busMetrics.failed.inc({ ...labels, reason: 'infrastructure' });
          if (!this.pause) this.startPause(self, topic, error);
          if (this.pause?.prober === self) {
            probes += 1;
            await wait(delayAt(this.policy.pauseProbeDelaysMs, probes, false));
          }
          continue;
        }
        busMetrics.failed.inc({ ...labels, reason: 'handler' });
        // The outage is over (the handler got far enough to fail on its own): let the others go.
        if (this.pause?.prober === self) this.endPause();
        if (attempt >= this.policy.maxAttempts) {
          await hooks.deadLetter(attempt, errorMessage(error));
          busMetrics.deadLetters.inc({ topic, group: this.group });
          this.logger.error(
            {
              group: this.group,
              topic,
              eventId: event.id,
              type: event.type,
              attempts: attempt,
              err: errorMessage(error),
            },
            'event dead-lettered',
          );
          return 'dead';
        }
        await wait(delayAt(this.policy.retryDelaysMs, attempt));
        if (this.stopped) return 'abandoned';
        if (hooks.beforeRetry && !(await hooks.beforeRetry())) return 'abandoned';
        attempt += 1;
      }
    }
  }

  /** Waits for the pause to end (or the runner to stop), in slices, so Kafka can heartbeat between them. */
  private async untilResumed(
    pause: Pause,
    wait: (ms: number, signal: AbortSignal) => Promise<void>,
  ): Promise<void> {
    const slice = new AbortController();
    const stop = () => slice.abort();
    this.signal.addEventListener('abort', stop, { once: true });
    try {
      await Promise.race([pause.resumed, wait(5_000, slice.signal)]);
    } finally {
      slice.abort();
      this.signal.removeEventListener('abort', stop);
    }
  }

  private startPause(prober: object, topic: string, error: unknown): void {
    let resume!: () => void;
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    this.pause = { prober, since: Date.now(), resumed, resume };
    busMetrics.paused.inc({ group: this.group });
    this.logger.warn(
      { group: this.group, topic, err: errorMessage(error) },
      'infrastructure unreachable: consumption paused, retrying without counting attempts',
    );
  }

  private endPause(): void {
    const pause = this.pause;
    if (!pause) return;
    this.pause = undefined;
    busMetrics.paused.dec({ group: this.group });
    pause.resume();
    if (!this.stopped)
      this.logger.warn({ group: this.group, pausedMs: Date.now() - pause.since }, 'consumption resumed');
  }
}
