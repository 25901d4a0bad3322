import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';

type Handler = (manager: EntityManager) => Promise<void>;

interface Job {
  consumer: string;
  event: EventEnvelope;
  fn: Handler;
  resolve: (handled: boolean) => void;
  reject: (error: unknown) => void;
}

const INSERT_INBOX = `INSERT INTO "inbox" ("consumer", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "event_id"`;
/** Rows already there (or twice in the chunk) are left out of RETURNING: those events were handled. */
const INSERT_INBOX_CHUNK = `INSERT INTO "inbox" ("consumer", "event_id")
  SELECT * FROM unnest($1::text[], $2::uuid[]) ON CONFLICT DO NOTHING RETURNING "consumer", "event_id"`;

/** Events per shared transaction, and how long one may keep taking more. */
const MAX_GROUP_SIZE = 50;
const MAX_GROUP_MS = 25;
/** Shared transactions at a time per data source (each holds one pooled connection). */
const MAX_GROUPS = 4;
/** Events that failed in a shared transaction run alone from then on (their retries included). */
const SOLO_MEMORY = 1_000;

/**
 * Group commit for handleOnce: the calls that arrive while others are being handled share a
 * transaction (each call still gets its own inbox row and runs its own fn in it) and one commit.
 * A commit per event was what capped consumers (scripts/bench/bus.ts: ~2,000 events/s, the
 * consumer's Postgres busy committing). No call resolves before the commit that holds its inbox
 * row and its writes; when one call fails, the shared transaction is rolled back, the failing
 * call is run again alone (so its error, if any, is its own) and the others join the next group.
 */
class InboxGroups {
  private readonly queue: Job[] = [];
  private readonly solo = new Set<string>();
  private running = 0;

  constructor(private readonly dataSource: DataSource) {}

  submit(job: Job): void {
    if (this.solo.has(job.event.id)) {
      void this.runAlone(job);
      return;
    }
    this.queue.push(job);
    // One group at once; another for each MAX_GROUP_SIZE calls waiting beyond what the running
    // groups will take (a burst of deliveries), up to MAX_GROUPS.
    if (this.running < MAX_GROUPS && this.queue.length > this.running * MAX_GROUP_SIZE) {
      this.running += 1;
      void this.drain().finally(() => (this.running -= 1));
    }
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) await this.runGroup();
  }

  private async runGroup(): Promise<void> {
    const members: { job: Job; handled: boolean }[] = [];
    let failed: Job | undefined;
    /** Taken from the queue but not yet a member (their inbox insert is running). */
    let taking: Job[] = [];
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      await runner.startTransaction();
    } catch {
      // No transaction to share (the database is unreachable, say): the next call runs alone
      // and gets the error itself, so the queue still moves and each caller can retry.
      await runner.release().catch(() => undefined);
      const next = this.queue.shift();
      if (next) await this.runAlone(next);
      return;
    }
    try {
      const started = Date.now();
      // Calls arriving while the group runs still join it, a chunk at a time: one inbox insert
      // per chunk, then each call's fn in order.
      while (
        !failed &&
        this.queue.length > 0 &&
        members.length < MAX_GROUP_SIZE &&
        Date.now() - started < MAX_GROUP_MS
      ) {
        const chunk = this.queue.splice(0, MAX_GROUP_SIZE - members.length);
        taking = chunk;
        const inserted = (await runner.query(INSERT_INBOX_CHUNK, [
          chunk.map((j) => j.consumer),
          chunk.map((j) => j.event.id),
        ])) as { consumer: string; event_id: string }[];
        taking = [];
        const fresh = new Set(inserted.map((r) => `${r.consumer}\u0000${r.event_id}`));
        for (const [index, job] of chunk.entries()) {
          // The same event twice in one chunk: the inbox row is new once, for the first.
          const handled = fresh.delete(`${job.consumer}\u0000${job.event.id}`);
          try {
            if (handled) await job.fn(runner.manager);
            members.push({ job, handled });
          } catch {
            failed = job;
            this.queue.unshift(...chunk.slice(index + 1));
            break;
          }
        }
      }
      if (!failed) {
        if (await aborted(runner)) throw new Error('transaction aborted by a handler that went on');
        await runner.commitTransaction();
        for (const { job, handled } of members) job.resolve(handled);
        return;
      }
      await runner.rollbackTransaction();
      // The others did nothing wrong: back to the front of the queue, in their order.
      this.queue.unshift(...members.map((m) => m.job));
      this.remember(failed.event.id);
      void this.runAlone(failed);
    } catch {
      // The shared transaction itself failed (an aborted transaction, the commit, the
      // connection): nobody's outcome is known, so each runs alone.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      for (const job of [...members.map((m) => m.job), ...taking, ...(failed ? [failed] : [])]) {
        void this.runAlone(job);
      }
    } finally {
      await runner.release().catch(() => undefined);
    }
  }

  private remember(eventId: string): void {
    this.solo.add(eventId);
    if (this.solo.size > SOLO_MEMORY) this.solo.delete(this.solo.values().next().value!);
  }

  private async runAlone(job: Job): Promise<void> {
    try {
      job.resolve(await handleAlone(this.dataSource, job.consumer, job.event, job.fn));
    } catch (error) {
      job.reject(error);
    }
  }
}

/**
 * A handler that caught a database error and went on leaves its transaction aborted, and COMMIT
 * then rolls back without an error: such a transaction must not pass for committed. A probe
 * query fails in an aborted transaction. (node-pg's getTransactionStatus() can be stale: a
 * query's error reaches the caller before the server's ready-for-query that updates it.)
 */
function aborted(runner: QueryRunner): Promise<boolean> {
  return runner.query('SELECT 1').then(
    () => false,
    () => true,
  );
}

/** One transaction for one event: the inbox row first, so a concurrent duplicate waits for it and then skips. */
async function handleAlone(
  dataSource: DataSource,
  consumer: string,
  event: EventEnvelope,
  fn: Handler,
): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const inserted = (await manager.query(INSERT_INBOX, [consumer, event.id])) as unknown[];
    if (inserted.length === 0) return false;
    await fn(manager);
    if (await aborted(manager.queryRunner!)) throw new Error('transaction aborted by a handler that went on');
    return true;
  });
}

const groups = new WeakMap<DataSource, InboxGroups>();

/**
 * Runs fn and records (consumer, event.id) in the inbox in ONE transaction; returns false
 * without running fn if already handled. Resolves only once that transaction has committed.
 * The transaction may be shared with other events being handled at the same time (group
 * commit), so fn must do its work through `manager` and not hold it for long (no calls to
 * other services in it).
 */
export function handleOnce(
  dataSource: DataSource,
  consumer: string,
  event: EventEnvelope,
  fn: Handler,
): Promise<boolean> {
  let batcher = groups.get(dataSource);
  if (!batcher) {
    batcher = new InboxGroups(dataSource);
    groups.set(dataSource, batcher);
  }
  const group = batcher;
  return new Promise((resolve, reject) => group.submit({ consumer, event, fn, resolve, reject }));
}
