import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { handleOnce } from '../src/index.js';
import { createTestDatabase, testEvent, type TestDatabase } from './helpers.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  await db.dataSource.query(`CREATE TABLE effects (event_id uuid NOT NULL, txid bigint NOT NULL)`);
});

beforeEach(async () => {
  await db.dataSource.query(`TRUNCATE effects, inbox`);
});

afterAll(async () => {
  await db.drop();
});

/** The handler's write, with the transaction it ran in. */
const effect = (eventId: string) => (manager: import('typeorm').EntityManager) =>
  manager.query(`INSERT INTO effects VALUES ($1, txid_current())`, [eventId]).then(() => undefined);

const effects = async () =>
  (await db.dataSource.query(`SELECT event_id AS "id", txid::text AS "txid" FROM effects`)) as {
    id: string;
    txid: string;
  }[];

describe('handleOnce under load (group commit)', () => {
  it('lets events handled at the same time share transactions, each recorded once', async () => {
    const events = Array.from({ length: 200 }, (_, n) => testEvent(`k${n}`, { n }));
    const outcomes = await Promise.all(events.map((e) => handleOnce(db.dataSource, 'c', e, effect(e.id))));
    expect(outcomes.every(Boolean)).toBe(true);
    const rows = await effects();
    expect(rows.map((r) => r.id).sort()).toEqual(events.map((e) => e.id).sort());
    // Far fewer commits than events: what lets a consumer keep up (scripts/bench/bus.ts).
    expect(new Set(rows.map((r) => r.txid)).size).toBeLessThanOrEqual(events.length / 10);
    const [{ count }] = await db.dataSource.query(`SELECT count(*)::int AS count FROM inbox`);
    expect(count).toBe(200);
    // Delivered again, all at once: nothing runs twice.
    const again = await Promise.all(events.map((e) => handleOnce(db.dataSource, 'c', e, effect(e.id))));
    expect(again.some(Boolean)).toBe(false);
    expect(await effects()).toHaveLength(200);
  });

  it('fails only the call whose handler failed; the others commit', async () => {
    const events = Array.from({ length: 50 }, (_, n) => testEvent(`k${n}`, { n }));
    const poison = events[17];
    const results = await Promise.allSettled(
      events.map((e) =>
        handleOnce(db.dataSource, 'c', e, async (manager) => {
          await effect(e.id)(manager);
          if (e.id === poison.id) throw new Error('handler failed');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([
      { status: 'rejected', reason: new Error('handler failed') },
    ]);
    expect(results[17].status).toBe('rejected');
    const rows = await effects();
    expect(rows.map((r) => r.id).sort()).toEqual(
      events
        .filter((e) => e.id !== poison.id)
        .map((e) => e.id)
        .sort(),
    );
    // No inbox row for the failed one: its redelivery runs it again.
    expect(await handleOnce(db.dataSource, 'c', poison, effect(poison.id))).toBe(true);
  });

  it('never passes off an aborted transaction as committed', async () => {
    const events = Array.from({ length: 20 }, (_, n) => testEvent(`k${n}`, { n }));
    const swallower = events[5];
    const results = await Promise.allSettled(
      events.map((e) =>
        handleOnce(db.dataSource, 'c', e, async (manager) => {
          if (e.id === swallower.id) {
            // A handler that catches a database error and goes on: its transaction is aborted.
            await manager.query(`SELECT 1/0`).catch(() => undefined);
            return;
          }
          await effect(e.id)(manager);
        }),
      ),
    );
    expect(results.map((r) => r.status === 'fulfilled')).toEqual(events.map((e) => e.id !== swallower.id));
    expect((await effects()).map((r) => r.id).sort()).toEqual(
      events
        .filter((e) => e.id !== swallower.id)
        .map((e) => e.id)
        .sort(),
    );
    const [{ count }] = await db.dataSource.query(
      `SELECT count(*)::int AS count FROM inbox WHERE event_id = $1`,
      [swallower.id],
    );
    expect(count).toBe(0);
  });
});
