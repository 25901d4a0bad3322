// `@manzil/bus/outbox`: the database side of the bus (the outbox and inbox tables, their
// entities and migrations, `enqueue`, `newEvent`, the dead-outbox commands of a service's cli),
// without the transports. It loads no ioredis, kafkajs or prom-client: a service's `cli.js`
// (migrate + seed, one process per service at every `npm start`) and the code its seeds reach
// import this, not the package's main entry, which loads the Redis Streams and Kafka buses and
// their metrics. Everything here is in `@manzil/bus` too.
import { CreateOutboxInbox1710000000000 } from './outbox/create-outbox-inbox.migration.js';
import { InboxEntry } from './outbox/inbox-entry.entity.js';
import { OutboxDeadEntry } from './outbox/outbox-dead-entry.entity.js';
import { OutboxDeadRetention1710000000001 } from './outbox/outbox-dead-retention.migration.js';
import { OutboxEntry } from './outbox/outbox-entry.entity.js';

export { newEvent } from './new-event.js';
export { OutboxEntry, OutboxDeadEntry, InboxEntry };
export { CreateOutboxInbox1710000000000, OutboxDeadRetention1710000000001 };
export { enqueue, outboxEventsParam, outboxInsertSql, outboxNotifySql } from './outbox/enqueue.js';
export {
  discardDeadOutbox,
  listDeadOutbox,
  outboxCommands,
  replayDeadOutbox,
  type DeadOutboxRow,
  type DeadOutboxSelection,
} from './outbox/outbox-dead.js';
export { handleOnce } from './outbox/handle-once.js';

/** The bus's entities, for the service's DataSource `entities`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the published signature is Function[], as TypeORM's `entities` takes.
export const busEntities: Function[] = [OutboxEntry, OutboxDeadEntry, InboxEntry];

/** The bus's migrations in order, for the front of the service's `migrations`. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's `migrations` takes Function[].
export const busMigrations: Function[] = [CreateOutboxInbox1710000000000, OutboxDeadRetention1710000000001];
