export type {
  EventBus,
  SubscribeOptions,
  Subscription,
  RetryPolicy,
  ReplayOptions,
  ReplayResult,
} from './event-bus.js';
export { DEFAULT_RETRY_POLICY, dlqTopic } from './event-bus.js';
export { createEventBus } from './create-event-bus.js';
export { RedisStreamsEventBus, type RedisStreamsEventBusOptions } from './redis-streams-event-bus.js';
export { DEFAULT_STREAM_RETENTION, type StreamRetention } from './redis-stream-trimmer.js';
export { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.js';
export { isInfrastructureError, InfrastructureUnavailableError } from './consumer/failure.js';
export type { BusLogger } from './consumer/delivery-runner.js';
export { runBusCli, type BusCliOptions } from './bus-cli.js';
export {
  busEntities,
  busMigrations,
  CreateOutboxInbox1710000000000,
  discardDeadOutbox,
  enqueue,
  handleOnce,
  InboxEntry,
  listDeadOutbox,
  newEvent,
  outboxCommands,
  outboxEventsParam,
  outboxInsertSql,
  outboxNotifySql,
  OutboxDeadEntry,
  OutboxDeadRetention1710000000001,
  OutboxEntry,
  replayDeadOutbox,
  type DeadOutboxRow,
  type DeadOutboxSelection,
} from './outbox.js';
export {
  OutboxRelay,
  type OutboxPassResult,
  type OutboxRelayOptions,
  type OutboxRelayLogger,
} from './outbox/outbox-relay.js';
export { isBusUnavailable } from './outbox/bus-unavailable.js';
export {
  DEFAULT_BUS_RETENTION,
  pruneBusTables,
  retentionFromDays,
  type BusRetention,
} from './outbox/bus-retention.js';
export { watchOutbox } from './outbox/outbox-metrics.js';
