import type { EntityManager } from 'typeorm';
import type { Site } from '@manzil/contracts';
import { AppException, currentContext, type AuthUser } from '@manzil/nest-kit';
import { fieldMessage } from '@manzil/contracts';
import { Property } from '../properties/property.entity.js';

const language = () => currentContext()?.language ?? 'en';
const fieldError = (field: string, key: string) =>
  new AppException('VALIDATION_FAILED', 422, [{ field, message: fieldMessage(key, language()) }]);

/** Who owns a listing: the agent who shows it and the company that agent belongs to. */
export interface Ownership {
  agentId: string;
  companyId: string | null;
}

/**
 * The agents of a company, as identity announced them (`identity.account.registered` with a
 * `companyId`, minus `identity.account.deleted`).
 */
async function companyAgents(manager: EntityManager, site: Site, companyId: string): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT "account_id" FROM "listing_accounts"
     WHERE "site" = $1 AND "company_id" = $2 AND "role" = 'agent' AND "deleted_at" IS NULL`,
    [site, companyId],
  )) as { account_id: string }[];
  return rows.map((row) => row.account_id);
}

/**
 * Who shows a listing a caller adds or reassigns: an agent shows its own (naming another agent
 * is refused), a company names one of its agents (spec §5 "agent required on a property"; §6
 * "a company needs at least one agent before adding a property").
 */
export async function ownershipFor(
  manager: EntityManager,
  user: AuthUser,
  site: Site,
  agentId: string | undefined,
): Promise<Ownership> {
  if (user.role === 'agent') {
    if (agentId && agentId !== user.id) throw fieldError('agentId', 'agent.notYours');
    const [row] = (await manager.query(
      `SELECT "company_id" FROM "listing_accounts" WHERE "account_id" = $1 AND "site" = $2`,
      [user.id, site],
    )) as { company_id: string | null }[];
    return { agentId: user.id, companyId: user.companyId ?? row?.company_id ?? null };
  }
  if (user.role === 'company') {
    const agents = await companyAgents(manager, site, user.id);
    if (agents.length === 0) throw new AppException('COMPANY_NEEDS_AGENT', 422);
    if (!agentId) throw fieldError('agentId', 'required');
    if (!agents.includes(agentId)) throw fieldError('agentId', 'agent.notYours');
    return { agentId, companyId: user.id };
  }
  throw new AppException('FORBIDDEN', 403);
}

/**
 * Spec §6: on the Saudi site adding a property needs Nafath (from
 * `identity.account.nafath-verified`), and everywhere a plan with listings left (from
 * `payments.subscription.activated`). The plan is the company's for a company's agent, the
 * agent's own for a freelancer. Every listing not sold counts. Serialised per plan holder
 * (advisory lock) so two adds at once cannot both take the last place.
 */
export async function assertMayAdd(
  manager: EntityManager,
  user: AuthUser,
  site: Site,
  ownership: Ownership,
): Promise<void> {
  if (site === 'sa') {
    const [verified] = (await manager.query(
      `SELECT 1 FROM "listing_accounts" WHERE "account_id" = $1 AND "site" = $2 AND "nafath_verified_at" IS NOT NULL`,
      [user.id, site],
    )) as unknown[];
    if (!verified) throw new AppException('NAFATH_REQUIRED_PROPERTY', 422);
  }
  const holder = ownership.companyId ?? ownership.agentId;
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`listing-quota:${holder}`]);
  const [{ quota }] = (await manager.query(
    `SELECT max("property_quota")::int AS "quota" FROM "listing_entitlements"
     WHERE "site" = $1 AND "account_id" = $2 AND "starts_at" <= now() AND "ends_at" > now()`,
    [site, holder],
  )) as { quota: number | null }[];
  const used = await manager
    .createQueryBuilder(Property, 'property')
    .where('property.site = :site', { site })
    .andWhere("property.state <> 'sold'")
    .andWhere(
      ownership.companyId
        ? 'property.company_id = :holder'
        : 'property.company_id IS NULL AND property.agent_id = :holder',
      { holder },
    )
    .getCount();
  if (quota === null || used >= quota) throw new AppException('SUBSCRIPTION_REQUIRED_PROPERTY', 402);
}

/**
 * A listing the caller may edit, locked for the change: an agent's own, a company's (its
 * agents'). Anything else of the site, or of another site, does not exist for them (404).
 */
export async function findOwned(
  manager: EntityManager,
  user: AuthUser,
  site: Site,
  id: string,
  lock = true,
): Promise<Property> {
  const owner =
    user.role === 'agent' ? { agentId: user.id } : user.role === 'company' ? { companyId: user.id } : null;
  if (!owner) throw new AppException('FORBIDDEN', 403);
  const property = await manager.findOne(Property, {
    where: { id, site, ...owner },
    ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
  });
  if (!property) throw new AppException('NOT_FOUND');
  return property;
}

export { fieldError };
