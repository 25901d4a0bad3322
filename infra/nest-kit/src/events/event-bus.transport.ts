import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import { topicOfEvent, type EventEnvelope } from '@manzil/contracts';
import type { EventBus, RetryPolicy, Subscription } from '@manzil/bus';
import { BusContext } from './bus.context.js';

/** The transport id of the bus, for `@EventPattern(type, BUS_TRANSPORT)` when an app has several. */
export const BUS_TRANSPORT = Symbol('manzil-bus');

export interface EventBusTransportOptions {
  bus: EventBus;
  /** The service's consumer group (one per service). */
  group: string;
  retry?: Partial<RetryPolicy>;
  /** Where each subscription is kept, so the bus module stops it before the database closes. */
  track?: (subscription: Subscription) => () => void;
  /** The topic of an event type (default: contracts' EVENT_TOPICS). */
  topicOf?: (type: string) => string | undefined;
}

type Status = 'connected' | 'disconnected';

/**
 * A NestJS custom transport over our EventBus (Redis Streams or Kafka). Like any Nest
 * microservice it reads the service's controllers: each `@EventPattern('listing.approved')`
 * is an event type; the transport subscribes the service's group to the topics of those
 * types (contracts' EVENT_TOPICS) and hands each event to the handler of its type, with the
 * envelope as `@Payload()` and a BusContext (topic, group) as `@Ctx()`. An event of a type
 * with no handler (another consumer's, on a topic we read) is acked and skipped. A handler
 * that throws leaves the retry, pause and dead-letter decisions to the engine.
 */
export class EventBusTransport
  extends Server<Record<string, never>, Status>
  implements CustomTransportStrategy
{
  override readonly transportId = BUS_TRANSPORT;
  // The engine awaits each handler and decides what a failure means: don't let Nest swallow it.
  override readonly propagatesEventHandlerErrors = true;
  protected override readonly logger = new Logger('bus-transport');
  private subscription?: Subscription;
  private untrack?: () => void;

  constructor(private readonly options: EventBusTransportOptions) {
    super();
  }

  /** The topics the handlers' event types are published on. */
  topics(): string[] {
    const topicOf = this.options.topicOf ?? topicOfEvent;
    const topics = new Set<string>();
    for (const [pattern, handler] of this.getHandlers()) {
      if (!handler.isEventHandler)
        throw new Error(`@MessagePattern('${pattern}'): events have no reply on the bus, use @EventPattern`);
      if (handler.next)
        throw new Error(
          `@EventPattern('${pattern}') is declared twice in ${this.options.group}: one handler per event type per service (they share one inbox name)`,
        );
      const topic = topicOf(pattern);
      if (!topic)
        throw new Error(
          `@EventPattern('${pattern}'): no topic for this event type in contracts' EVENT_TOPICS`,
        );
      topics.add(topic);
    }
    return [...topics].sort();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const topics = this.topics();
      if (topics.length > 0) {
        this.subscription = await this.options.bus.subscribe({
          group: this.options.group,
          topics,
          handler: (event, topic) => this.dispatch(event, topic),
          maxAttempts: this.options.retry?.maxAttempts,
          retryDelaysMs: this.options.retry?.retryDelaysMs,
        });
        this.untrack = this.options.track?.(this.subscription);
        this.logger.log({ group: this.options.group, topics, msg: 'consuming' });
      }
      this._status$.next('connected');
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    await this.subscription?.stop();
    this.untrack?.();
    this.subscription = undefined;
    this._status$.next('disconnected');
  }

  private async dispatch(event: EventEnvelope, topic: string): Promise<void> {
    const handler = this.getHandlerByPattern(event.type);
    if (!handler) return;
    const result: unknown = await handler(event, new BusContext([topic, this.options.group]));
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
  }

  /** The transport emits no events of its own: status changes are on `status`. */
  on(): never {
    throw new Error('the bus transport has no events to listen to; use its status');
  }

  unwrap<T>(): T {
    return this.options.bus as T;
  }
}
