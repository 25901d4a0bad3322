import type {
  EntityManager,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

const PENDING = 'manzil:after-commit';
type Task = () => Promise<void>;

function pending(data: Record<string, unknown>): Task[] {
  return (data[PENDING] ??= []) as Task[];
}

/**
 * Runs `task` once the transaction of `manager` has committed (at once when there is none):
 * what leaves the database (a revocation written to Redis) must not announce a change that
 * may still roll back. `task` must not throw.
 */
export async function afterCommit(manager: EntityManager, task: Task): Promise<void> {
  const runner = manager.queryRunner;
  if (runner?.isTransactionActive) pending(runner.data as Record<string, unknown>).push(task);
  else await task();
}

/** The TypeORM subscriber behind `afterCommit` (registered once on the data source). */
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const runner = event.queryRunner;
    if (runner.isTransactionActive) return; // a savepoint was released: wait for the outer commit
    const data = runner.data as Record<string, unknown>;
    const tasks = pending(data);
    delete data[PENDING];
    for (const task of tasks) await task();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive)
      delete (event.queryRunner.data as Record<string, unknown>)[PENDING];
  }
}
