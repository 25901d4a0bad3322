import type { DataSource, EntityManager } from 'typeorm';
import { agentContactV1, TOPICS } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import { requestId } from '../shared/request-id.js';
import { Account } from '../accounts/account.entity.js';

/**
 * Publishes `identity.agent.contact` for an agent account, in the transaction of the change
 * (outbox): what the directory shows of how to reach it, and whether it is listed at all (the
 * directory's rule: active, verified, not anonymised). Other roles publish nothing.
 */
export async function publishAgentContact(manager: EntityManager, account: Account): Promise<void> {
  if (account.role !== 'agent') return;
  const listed = account.status === 'active' && account.verified && !account.anonymisedAt;
  await enqueue(
    manager,
    TOPICS.identityAccount,
    newEvent(
      agentContactV1,
      account.site,
      account.id,
      {
        accountId: account.id,
        companyId: account.companyId,
        name: account.name ?? '',
        nameAr: account.nameAr,
        phone:
          listed && account.countryCode && account.mobile ? `${account.countryCode}${account.mobile}` : null,
        whatsapp: listed && account.whatsapp,
        email: listed ? account.email : null,
        listed,
      },
      requestId(),
    ),
  );
}

/**
 * `node dist/cli.js directory:publish-contacts`: publishes the contact of every agent account
 * that is not deleted, 500 per transaction — once after deploying `identity.agent.contact` (agents
 * unchanged since have published none) or for a search database rebuilt after the topic's
 * retention. Readers keep the later event, so running it twice is harmless.
 */
export async function publishAllAgentContacts(dataSource: DataSource): Promise<string> {
  let published = 0;
  for (let after = ''; ;) {
    const agents = await dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .where(`account.role = 'agent' AND account.status <> 'deleted' AND account.id::text > :after`, {
        after,
      })
      .orderBy('account.id::text', 'ASC')
      .take(500)
      .getMany();
    if (!agents.length) break;
    await dataSource.transaction(async (manager) => {
      for (const agent of agents) await publishAgentContact(manager, agent);
    });
    published += agents.length;
    after = agents[agents.length - 1].id;
  }
  return `identity.agent.contact published for ${published} agents`;
}
