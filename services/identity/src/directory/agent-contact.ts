import type { DataSource, EntityManager } from 'typeorm';
import { agentContactV1, companyProfileV1, TOPICS } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
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
 * Publishes `identity.company.profile` for a company account, in the transaction of the change
 * (outbox): its names in English and Arabic, and whether the directory lists it (the same rule
 * as an agent's). Other roles publish nothing.
 */
export async function publishCompanyProfile(manager: EntityManager, account: Account): Promise<void> {
  if (account.role !== 'company') return;
  await enqueue(
    manager,
    TOPICS.identityAccount,
    newEvent(
      companyProfileV1,
      account.site,
      account.id,
      {
        accountId: account.id,
        name: account.name ?? '',
        nameAr: account.nameAr?.trim() || null,
        listed: account.status === 'active' && account.verified && !account.anonymisedAt,
      },
      requestId(),
    ),
  );
}

/**
 * What the directory announces of an account after a change that can move it: an agent's
 * contact (`identity.agent.contact`), a company's names (`identity.company.profile`); nothing
 * for other roles.
 */
export async function publishDirectoryEntry(manager: EntityManager, account: Account): Promise<void> {
  await publishAgentContact(manager, account);
  await publishCompanyProfile(manager, account);
}

/**
 * `node dist/cli.js directory:publish-contacts`: publishes the contact of every agent account
 * and the names of every company account that is not deleted — once after deploying
 * `identity.agent.contact` or `identity.company.profile` (accounts unchanged since have
 * published none) or for a reader's database rebuilt after the topic's retention. Readers keep
 * the later event, so running it twice is harmless.
 */
export async function publishAllAgentContacts(dataSource: DataSource): Promise<string> {
  const agents = await publishForEveryAccount(dataSource, 'agent', publishAgentContact);
  const companies = await publishForEveryAccount(dataSource, 'company', publishCompanyProfile);
  return `identity.agent.contact published for ${agents} agents, identity.company.profile for ${companies} companies`;
}
