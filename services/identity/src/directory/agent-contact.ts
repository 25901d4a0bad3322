import type { DataSource, EntityManager } from 'typeorm';
import { agentContactV1, TOPICS } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import { requestId } from '../shared/request-id.js';
import type { Account } from '../accounts/account.entity.js';
import { publishForEveryAccount } from '../accounts/publish-for-every-account.js';

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
 * that is not deleted — once after deploying `identity.agent.contact` (agents unchanged since
 * have published none) or for a search database rebuilt after the topic's retention. Readers
 * keep the later event, so running it twice is harmless.
 */
export async function publishAllAgentContacts(dataSource: DataSource): Promise<string> {
  const published = await publishForEveryAccount(dataSource, 'agent', publishAgentContact);
  return `identity.agent.contact published for ${published} agents`;
}
