export type { EventBus, SubscribeOptions, Subscription } from './event-bus.js';
export { createEventBus } from './create-event-bus.js';
export { RedisStreamsEventBus, type RedisStreamsEventBusOptions } from './redis-streams-event-bus.js';
export { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus.js';
export { newEvent } from './new-event.js';
export { OutboxEntry } from './outbox/outbox-entry.entity.js';
export { InboxEntry } from './outbox/inbox-entry.entity.js';
export { CreateOutboxInbox1710000000000 } from './outbox/create-outbox-inbox.migration.js';
export { enqueue } from './outbox/enqueue.js';
export { OutboxRelay, type OutboxRelayOptions, type OutboxRelayLogger } from './outbox/outbox-relay.js';
export { handleOnce } from './outbox/handle-once.js';

import { OutboxEntry } from './outbox/outbox-entry.entity.js';
import { InboxEntry } from './outbox/inbox-entry.entity.js';

/** The bus's entities, for the service's DataSource `entities`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the published signature is Function[], as TypeORM's `entities` takes.
export const busEntities: Function[] = [OutboxEntry, InboxEntry];
