import type { EntityManager } from 'typeorm';
import { eventEnvelopeSchema, type EventEnvelope } from '@manzil/contracts';

export const OUTBOX_CHANNEL = 'outbox';

/**
 * The events as the one JSON parameter `outboxInsertSql` reads, each checked first: a
 * malformed event fails the caller's transaction now rather than reaching every consumer.
 */
export function outboxEventsParam(events: EventEnvelope | EventEnvelope[]): string {
  const list = Array.isArray(events) ? events : [events];
  for (const event of list) eventEnvelopeSchema.parse(event);
  return JSON.stringify(list);
}

/**
 * The INSERT of events into the outbox, for a data-modifying CTE of the caller's own
 * statement (`WITH …, "queued" AS (${outboxInsertSql('$7', '$8')}) …`), so a write and its
 * events cost one round trip. `topic` and `events` are the caller's placeholders, the second
 * bound to `outboxEventsParam(...)`. One JSON array however many events there are;
 * ordinality keeps their order. (A text[] or jsonb[] parameter made node-pg escape every
 * quote of every event into an array literal: a few µs per event in the producing service.)
 * The statement must also wake the relay: `outboxNotifySql` in its SELECT list or FROM.
 */
export function outboxInsertSql(topic: string, events: string): string {
  return `INSERT INTO "outbox" ("topic", "key", "event")
     SELECT ${topic}, e.event ->> 'key', e.event FROM jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS e(event, n) ORDER BY e.n`;
}

/** NOTIFY outbox as an expression: delivered at commit, dropped on rollback (the relay only wakes for committed rows). */
export const outboxNotifySql = `pg_notify('${OUTBOX_CHANNEL}', '')`;

/**
 * Writes events into the outbox using the caller's transaction manager, and NOTIFY outbox so
 * the relay wakes: one statement, one round trip.
 */
export async function enqueue(
  manager: EntityManager,
  topic: string,
  events: EventEnvelope | EventEnvelope[],
): Promise<void> {
  if (Array.isArray(events) && events.length === 0) return;
  await manager.query(`WITH "queued" AS (${outboxInsertSql('$1', '$2')}) SELECT ${outboxNotifySql}`, [
    topic,
    outboxEventsParam(events),
  ]);
}
