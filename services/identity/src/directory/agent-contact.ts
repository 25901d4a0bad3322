import type { EntityManager } from 'typeorm';
import { agentContactV1, TOPICS } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import { requestId } from '../shared/request-id.js';
import type { Account } from '../accounts/account.entity.js';

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
