import type { DataSource } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';
import { OUTBOX_CHANNEL } from './enqueue.js';

export interface DeadOutboxRow {
  id: string;
  topic: string;
  key: string;
  event: EventEnvelope;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deadAt: Date;
}

/** Which parked rows an operation applies to: one by id, or all of them. */
export type DeadOutboxSelection = { id: string } | { all: true };

/** A page of parked rows, oldest first; `site` keeps an admin to the events of their own site. */
export async function listDeadOutbox(
  dataSource: DataSource,
  options: { page: number; limit: number; site?: string },
): Promise<{ items: DeadOutboxRow[]; total: number }> {
  const where = options.site ? `WHERE "event"->>'site' = $1` : '';
  const params = options.site ? [options.site] : [];
  const items = (await dataSource.query(
    `SELECT "id", "topic", "key", "event", "attempts", "last_error" AS "lastError",
            "created_at" AS "createdAt", "dead_at" AS "deadAt"
     FROM "outbox_dead" ${where} ORDER BY "id"
     LIMIT ${Number(options.limit)} OFFSET ${(Number(options.page) - 1) * Number(options.limit)}`,
    params,
  )) as DeadOutboxRow[];
  const [{ total }] = (await dataSource.query(
    `SELECT count(*)::int AS "total" FROM "outbox_dead" ${where}`,
    params,
  )) as { total: number }[];
  return { items, total };
}

function selectionClause(selection: DeadOutboxSelection): { where: string; params: unknown[] } {
  return 'all' in selection
    ? { where: '', params: [] }
    : { where: 'WHERE "id" = $1', params: [selection.id] };
}

/**
 * Puts parked rows back in the outbox with their original id and a fresh attempt count, in one
 * transaction with a NOTIFY: the relay publishes each before the later rows of its key, which
 * were waiting for it. Returns the ids replayed.
 */
export async function replayDeadOutbox(
  dataSource: DataSource,
  selection: DeadOutboxSelection,
): Promise<string[]> {
  const { where, params } = selectionClause(selection);
  return dataSource.transaction(async (manager) => {
    const rows = (await manager.query(
      `WITH moved AS (DELETE FROM "outbox_dead" ${where} RETURNING *)
       INSERT INTO "outbox" ("id", "topic", "key", "event", "created_at", "attempts", "last_error")
       SELECT "id", "topic", "key", "event", "created_at", 0, "last_error" FROM moved
       RETURNING "id"`,
      params,
    )) as { id: string }[];
    if (rows.length > 0) await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
    return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
  });
}

/**
 * Drops parked rows for good. Their keys are released: the later rows of each key are published
 * without the discarded event (consumers see a gap in that aggregate's history). Returns the ids.
 */
export async function discardDeadOutbox(
  dataSource: DataSource,
  selection: DeadOutboxSelection,
): Promise<string[]> {
  const { where, params } = selectionClause(selection);
  return dataSource.transaction(async (manager) => {
    // TypeORM answers a DELETE with [rows, count].
    const [rows] = (await manager.query(`DELETE FROM "outbox_dead" ${where} RETURNING "id"`, params)) as [
      { id: string }[],
      number,
    ];
    // The later rows of those keys may be published now.
    if (rows.length > 0) await manager.query(`SELECT pg_notify($1, '')`, [OUTBOX_CHANNEL]);
    return rows.map((r) => r.id).sort((a, b) => Number(a) - Number(b));
  });
}

function parseSelection(args: string[], command: string): DeadOutboxSelection {
  if (args.includes('--all')) return { all: true };
  const index = args.indexOf('--id');
  const id = index >= 0 ? args[index + 1] : undefined;
  if (id && /^\d+$/.test(id)) return { id };
  throw new Error(`usage: ${command} --id <outbox id> | --all`);
}

/**
 * The operator's commands for parked rows, for a service's `cli.ts`
 * (`runServiceCli(argv, { dataSource, commands: outboxCommands })`):
 *   node dist/cli.js outbox:dead [--page N]          lists parked rows (JSON lines)
 *   node dist/cli.js outbox:replay --id N | --all    puts them back in the outbox
 *   node dist/cli.js outbox:discard --id N | --all   drops them, releasing their keys
 */
export const outboxCommands: Record<string, (dataSource: DataSource, args: string[]) => Promise<string>> = {
  'outbox:dead': async (dataSource, args) => {
    const pageIndex = args.indexOf('--page');
    const page = pageIndex >= 0 ? Math.max(1, Number(args[pageIndex + 1]) || 1) : 1;
    const { items, total } = await listDeadOutbox(dataSource, { page, limit: 100 });
    const lines = items.map((row) =>
      JSON.stringify({
        id: row.id,
        topic: row.topic,
        key: row.key,
        type: row.event.type,
        attempts: row.attempts,
        lastError: row.lastError,
        deadAt: row.deadAt,
      }),
    );
    return [...lines, `${total} parked row(s); page ${page} of ${Math.max(1, Math.ceil(total / 100))}`].join(
      '\n',
    );
  },
  'outbox:replay': async (dataSource, args) => {
    const ids = await replayDeadOutbox(dataSource, parseSelection(args, 'outbox:replay'));
    return ids.length > 0 ? `replayed ${ids.length} row(s): ${ids.join(', ')}` : 'nothing to replay';
  },
  'outbox:discard': async (dataSource, args) => {
    const ids = await discardDeadOutbox(dataSource, parseSelection(args, 'outbox:discard'));
    return ids.length > 0 ? `discarded ${ids.length} row(s): ${ids.join(', ')}` : 'nothing to discard';
  },
};
