import { Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * Consumer metrics, in prom-client's default registry (each service serves it at /metrics).
 * Created once per process: tests build many buses in one process, and a second registration
 * of a name throws.
 */
function once<T>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

const eventLabels = ['topic', 'type', 'group'] as const;

export const busMetrics = {
  /** now − occurredAt when the handler succeeded: how far behind the fact a consumer acts on it. */
  lag: once(
    'manzil_bus_event_lag_seconds',
    () =>
      new Histogram({
        name: 'manzil_bus_event_lag_seconds',
        help: 'Time from an event occurring to a consumer having handled it, in seconds',
        labelNames: eventLabels,
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
      }),
  ),
  handled: once(
    'manzil_bus_events_handled_total',
    () =>
      new Counter({
        name: 'manzil_bus_events_handled_total',
        help: 'Events a consumer group handled successfully',
        labelNames: eventLabels,
      }),
  ),
  /** reason: `handler` (counts toward the dead letter) or `infrastructure` (pauses the consumer). */
  failed: once(
    'manzil_bus_handler_failures_total',
    () =>
      new Counter({
        name: 'manzil_bus_handler_failures_total',
        help: 'Handler attempts that threw, by reason (handler or infrastructure)',
        labelNames: [...eventLabels, 'reason'],
      }),
  ),
  deadLetters: once(
    'manzil_bus_dead_letters_total',
    () =>
      new Counter({
        name: 'manzil_bus_dead_letters_total',
        help: 'Events a consumer group gave up on and wrote to <topic>.dlq',
        labelNames: ['topic', 'group'],
      }),
  ),
  replayed: once(
    'manzil_bus_dead_letters_replayed_total',
    () =>
      new Counter({
        name: 'manzil_bus_dead_letters_replayed_total',
        help: 'Dead letters moved back onto their topic by a replay',
        labelNames: ['topic'],
      }),
  ),
  /** 1 while a subscription of the group waits for its infrastructure to come back. */
  paused: once(
    'manzil_bus_consumer_paused',
    () =>
      new Gauge({
        name: 'manzil_bus_consumer_paused',
        help: 'Subscriptions of a consumer group paused because the database, Redis or another server is unreachable',
        labelNames: ['group'],
      }),
  ),
};
