import type { EntityManager } from 'typeorm';
import { eventEnvelopeSchema, type EventEnvelope } from '@manzil/contracts';

export const OUTBOX_CHANNEL = 'outbox';

/** Writes events into the outbox using the caller's transaction manager, and NOTIFY outbox so the relay wakes. */
export async function enqueue(
  manager: EntityManager,
  topic: string,
  events: EventEnvelope | EventEnvelope[],
): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  // A malformed event fails the caller's transaction now rather than reaching every consumer.
  for (const event of list) eventEnvelopeSchema.parse(event);
  // One statement and one JSON array however many events there are; ordinality keeps their order.
  // (A text[] or jsonb[] parameter made node-pg escape every quote of every event into an array
  // literal: a few µs per event in the producing service.)
  await manager.query(
    `INSERT INTO "outbox" ("topic", "key", "event")
     SELECT $1, e.event ->> 'key', e.event FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(event, n) ORDER BY e.n`,
    [topic, JSON.stringify(list)],
  );
  // Delivered at commit, dropped on rollback: the relay only wakes for committed rows.
  await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
}
