import type { DataSource } from 'typeorm';
import { busPruned } from './outbox-metrics.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BusRetention {
  /** Published outbox rows older than this (by published_at) are deleted. Default 7 days. */
  outboxMs: number;
  /**
   * Inbox rows older than this (by handled_at) are deleted. Default 35 days: an inbox row must
   * outlive every way the same event can come back (see README, "Retention").
   */
  inboxMs: number;
}

export const DEFAULT_BUS_RETENTION: BusRetention = { outboxMs: 7 * DAY_MS, inboxMs: 35 * DAY_MS };

export function retentionFromDays(days: { outbox?: number; inbox?: number }): BusRetention {
  return {
    outboxMs: days.outbox === undefined ? DEFAULT_BUS_RETENTION.outboxMs : days.outbox * DAY_MS,
    inboxMs: days.inbox === undefined ? DEFAULT_BUS_RETENTION.inboxMs : days.inbox * DAY_MS,
  };
}

/** Rows per DELETE: short transactions, so the relay and the consumers never wait long on them. */
const CHUNK = 5_000;

/*
 * Only published outbox rows go: unpublished rows (waiting, backing off, held behind a parked
 * row) and parked rows (outbox_dead) stay whatever their age. ctid lets each chunk delete
 * exactly the rows its sub-select found, by the indexes on published_at and handled_at.
 */
const PRUNE = {
  outbox: `DELETE FROM "outbox" WHERE ctid = ANY(ARRAY(
    SELECT ctid FROM "outbox"
    WHERE "published_at" IS NOT NULL AND "published_at" < now() - $1 * interval '1 millisecond'
    LIMIT ${CHUNK}))`,
  inbox: `DELETE FROM "inbox" WHERE ctid = ANY(ARRAY(
    SELECT ctid FROM "inbox" WHERE "handled_at" < now() - $1 * interval '1 millisecond'
    LIMIT ${CHUNK}))`,
} as const;

/** Deletes published outbox rows and inbox rows past their retention; returns how many. */
export async function pruneBusTables(
  dataSource: DataSource,
  retention: BusRetention = DEFAULT_BUS_RETENTION,
  service = 'outbox',
): Promise<{ outbox: number; inbox: number }> {
  const deleted = { outbox: 0, inbox: 0 };
  for (const table of ['outbox', 'inbox'] as const) {
    const ms = table === 'outbox' ? retention.outboxMs : retention.inboxMs;
    for (;;) {
      const [, count] = (await dataSource.query(PRUNE[table], [ms])) as [unknown, number];
      deleted[table] += count;
      busPruned.inc({ service, table }, count);
      if (count < CHUNK) break;
    }
  }
  return deleted;
}
