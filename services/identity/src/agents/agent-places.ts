import { type EntityManager, In } from 'typeorm';
import type { Site } from '@manzil/contracts';
import { Account } from '../accounts/account.entity.js';

/** Agents that hold one of a company's places: active and deactivated ones, not deleted ones. */
export const HELD = In(['active', 'inactive']);

export type AgentPlaces = 'free' | 'no-subscription' | 'full';

/**
 * Whether a company can take one more agent: its active entitlement's agent quota (from the
 * consumed `payments.subscription.activated` events) against the agents it holds. Locks the
 * company row, so two adds or sign-ups in parallel cannot both take the last place: call it
 * inside the transaction that creates the agent.
 */
export async function agentPlaces(
  manager: EntityManager,
  site: Site,
  companyId: string,
): Promise<AgentPlaces> {
  await manager.findOne(Account, { where: { id: companyId, site }, lock: { mode: 'pessimistic_write' } });
  const [row] = (await manager.query(
    `SELECT max("agent_quota") AS "quota" FROM "entitlements"
      WHERE "site" = $1 AND "account_id" = $2 AND "starts_at" <= now() AND "ends_at" > now()`,
    [site, companyId],
  )) as { quota: number | null }[];
  const quota = row?.quota ?? null;
  if (quota === null) return 'no-subscription';
  const held = await manager.countBy(Account, { site, companyId, role: 'agent', status: HELD });
  return held >= quota ? 'full' : 'free';
}
