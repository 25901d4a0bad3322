import type { DataSource, EntityManager } from 'typeorm';
import { accountChannelsV1, TOPICS } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { requestId } from '../shared/request-id.js';
import { Account } from './account.entity.js';
import { publishForEveryAccount } from './publish-for-every-account.js';

/**
 * Publishes `identity.account.channels` in the transaction of the change (outbox): the language
 * and the addresses the holder proved — the mobile once an OTP reached it (or the company vouched
 * for its agent), the e-mail once its code came back (or Google proved it). An account that is
 * not active (deactivated agent, deletion requested) is reachable at neither. Given an id, the
 * account is read again inside the transaction (after an `update` that did not load it).
 */
export async function publishAccountChannels(
  manager: EntityManager,
  account: Account | string,
): Promise<void> {
  const current = typeof account === 'string' ? await manager.findOneBy(Account, { id: account }) : account;
  if (!current) return;
  const active = current.status === 'active' && !current.anonymisedAt;
  await enqueue(
    manager,
    TOPICS.identityAccount,
    newEvent(
      accountChannelsV1,
      current.site,
      current.id,
      {
        accountId: current.id,
        role: current.role,
        language: current.language,
        email: active && current.emailVerified && current.email ? current.email.toLowerCase() : null,
        phone:
          active && current.verified && current.countryCode && current.mobile
            ? `${current.countryCode}${current.mobile}`
            : null,
      },
      requestId(),
    ),
  );
}

/**
 * `node dist/cli.js accounts:publish-channels`: publishes the channels of every account not
 * deleted — once after deploying `identity.account.channels` (accounts unchanged since have
 * published none, so notifications could not reach them), and by the seed. Notifications keeps
 * the newest, so running it twice is harmless.
 */
export async function publishAllAccountChannels(dataSource: DataSource): Promise<string> {
  const published = await publishForEveryAccount(dataSource, null, publishAccountChannels);
  return `identity.account.channels published for ${published} accounts`;
}
