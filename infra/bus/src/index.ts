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
export { newEvent } from './new-event.js';
export { OutboxEntry } from './outbox/outbox-entry.entity.js';
export { OutboxDeadEntry } from './outbox/outbox-dead-entry.entity.js';
export { InboxEntry } from './outbox/inbox-entry.entity.js';
export { CreateOutboxInbox1710000000000 } from './outbox/create-outbox-inbox.migration.js';
export { OutboxDeadRetention1710000000001 } from './outbox/outbox-dead-retention.migration.js';
export { enqueue, outboxEventsParam, outboxInsertSql, outboxNotifySql } from './outbox/enqueue.js';
export {
  OutboxRelay,
  type OutboxPassResult,
  type OutboxRelayOptions,
  type OutboxRelayLogger,
} from './outbox/outbox-relay.js';
export { isBusUnavailable } from './outbox/bus-unavailable.js';
export {
  discardDeadOutbox,
  listDeadOutbox,
  outboxCommands,
  replayDeadOutbox,
  type DeadOutboxRow,
  type DeadOutboxSelection,
} from './outbox/outbox-dead.js';
export {
  DEFAULT_BUS_RETENTION,
  pruneBusTables,
  retentionFromDays,
  type BusRetention,
} from './outbox/bus-retention.js';
export { watchOutbox } from './outbox/outbox-metrics.js';
export { handleOnce } from './outbox/handle-once.js';

import { CreateOutboxInbox1710000000000 } from './outbox/create-outbox-inbox.migration.js';
import { InboxEntry } from './outbox/inbox-entry.entity.js';
import { OutboxDeadEntry } from './outbox/outbox-dead-entry.entity.js';
import { OutboxDeadRetention1710000000001 } from './outbox/outbox-dead-retention.migration.js';
import { OutboxEntry } from './outbox/outbox-entry.entity.js';

/** The bus's entities, for the service's DataSource `entities`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the published signature is Function[], as TypeORM's `entities` takes.
export const busEntities: Function[] = [OutboxEntry, OutboxDeadEntry, InboxEntry];

/** The bus's migrations in order, for the front of the service's `migrations`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's `migrations` takes Function[].
export const busMigrations: Function[] = [CreateOutboxInbox1710000000000, OutboxDeadRetention1710000000001];
