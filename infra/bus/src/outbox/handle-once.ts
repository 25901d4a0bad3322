import type { DataSource, EntityManager } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';

/** Runs fn and records (consumer, event.id) in the inbox in ONE transaction; returns false without running fn if already handled. */
export async function handleOnce(
  dataSource: DataSource,
  consumer: string,
  event: EventEnvelope,
  fn: (manager: EntityManager) => Promise<void>,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    // Inserting first makes a concurrent duplicate wait on the key until this transaction ends:
    // it then sees the row (and skips), or, if fn failed and rolled back, handles the event itself.
    const inserted = (await manager.query(
      `INSERT INTO "inbox" ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`,
      [consumer, event.id],
    )) as unknown[];
    if (inserted.length === 0) return false;
    await fn(manager);
    return true;
  });
}
