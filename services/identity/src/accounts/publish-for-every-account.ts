import type { DataSource, EntityManager } from 'typeorm';
import type { AccountRole } from '@manzil/contracts';
import { Account } from './account.entity.js';

/**
 * Publishes an event for every account not deleted (of one role, or all), 500 per transaction
 * through the outbox: the backfill of an event added after accounts existed (CLI commands, the
 * seed). Returns how many accounts it published for.
 */
export async function publishForEveryAccount(
  dataSource: DataSource,
  role: AccountRole | null,
  publish: (manager: EntityManager, account: Account) => Promise<void>,
): Promise<number> {
  let published = 0;
  for (let after = ''; ;) {
    const query = dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .where(`account.status <> 'deleted' AND account.id::text > :after`, { after });
    if (role) query.andWhere('account.role = :role', { role });
    const accounts = await query.orderBy('account.id::text', 'ASC').take(500).getMany();
    if (!accounts.length) break;
    await dataSource.transaction(async (manager) => {
      for (const account of accounts) await publish(manager, account);
    });
    published += accounts.length;
    after = accounts[accounts.length - 1].id;
  }
  return published;
}
