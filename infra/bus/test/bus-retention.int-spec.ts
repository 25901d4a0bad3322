import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_BUS_RETENTION, pruneBusTables, retentionFromDays } from '../src/index.js';
import { createTestDatabase, testEvent, type TestDatabase } from './helpers.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

/** An outbox row written `createdDaysAgo` and published `publishedDaysAgo` (null: not yet). */
async function outboxRow(
  key: string,
  createdDaysAgo: number,
  publishedDaysAgo: number | null,
): Promise<void> {
  await db.dataSource.query(
    `INSERT INTO "outbox" ("topic", "key", "event", "created_at", "published_at")
     VALUES ('t.property', $1, $2, now() - $3 * interval '1 day', now() - $4 * interval '1 day')`,
    [key, JSON.stringify(testEvent(key)), createdDaysAgo, publishedDaysAgo],
  );
}

async function inboxRow(consumer: string, handledDaysAgo: number): Promise<void> {
  await db.dataSource.query(
    `INSERT INTO "inbox" ("consumer", "event_id", "handled_at") VALUES ($1, $2, now() - $3 * interval '1 day')`,
    [consumer, testEvent('k').id, handledDaysAgo],
  );
}

const keys = async (sql: string) =>
  ((await db.dataSource.query(sql)) as { k: string }[]).map((r) => r.k).sort();

describe('retention of the outbox and the inbox', () => {
  it('deletes published outbox rows after 7 days and inbox rows after 35, and nothing still waiting', async () => {
    expect(DEFAULT_BUS_RETENTION).toEqual(retentionFromDays({ outbox: 7, inbox: 35 }));
    await outboxRow('published-8-days-ago', 8, 8);
    await outboxRow('published-6-days-ago', 9, 6);
    // Waiting rows stay whatever their age: behind a parked row, or an outage.
    await outboxRow('unpublished-30-days', 30, null);
    await db.dataSource.query(
      `INSERT INTO "outbox_dead" ("id", "topic", "key", "event", "created_at", "attempts", "last_error", "dead_at")
       VALUES (999999, 't.property', 'parked', $1, now() - interval '40 days', 10, 'refused', now() - interval '40 days')`,
      [JSON.stringify(testEvent('parked'))],
    );
    await inboxRow('handled-36-days-ago', 36);
    await inboxRow('handled-34-days-ago', 34);

    expect(await pruneBusTables(db.dataSource)).toEqual({ outbox: 1, inbox: 1 });
    expect(await keys(`SELECT "key" AS "k" FROM "outbox"`)).toEqual([
      'published-6-days-ago',
      'unpublished-30-days',
    ]);
    expect(await keys(`SELECT "key" AS "k" FROM "outbox_dead"`)).toEqual(['parked']);
    expect(await keys(`SELECT "consumer" AS "k" FROM "inbox"`)).toEqual(['handled-34-days-ago']);
    // Nothing left to do: a second run deletes nothing.
    expect(await pruneBusTables(db.dataSource)).toEqual({ outbox: 0, inbox: 0 });
  });

  it('deletes in chunks until nothing past the retention is left', async () => {
    await db.dataSource.query(`TRUNCATE "outbox", "inbox"`);
    await db.dataSource.query(
      `INSERT INTO "outbox" ("topic", "key", "event", "published_at")
       SELECT 't.property', 'k' || n, '{}'::jsonb, now() - interval '1 hour' FROM generate_series(1, 12000) AS n`,
    );
    await db.dataSource.query(
      `INSERT INTO "inbox" ("consumer", "event_id", "handled_at")
       SELECT 'c', gen_random_uuid(), now() - interval '1 hour' FROM generate_series(1, 11000)`,
    );
    expect(await pruneBusTables(db.dataSource, { outboxMs: 60_000, inboxMs: 60_000 })).toEqual({
      outbox: 12000,
      inbox: 11000,
    });
  });
});
