import type { EntityManager } from 'typeorm';
import { demoCompanies } from '@manzil/contracts';
import type { Property } from '../properties/property.entity.js';

/**
 * The advertiser's names as identity last announced them (`identity.agent.contact`, kept in
 * `listing_accounts`), set on the property before its public version is built, so
 * `listing.approved` names the agent in English and Arabic whoever added the listing (the
 * wizard's token carries the English name only, a company's add none). What identity has not
 * announced keeps what the row had (the token's name, the seed's roster names).
 *
 * The company's names likewise (`identity.company.profile`); one identity has not announced
 * yet is named from the demo roster when it is one of its companies (the same fixed ids and
 * names identity's seed gives them), else by its id only.
 */
export async function applyAdvertiserNames(manager: EntityManager, property: Property): Promise<void> {
  const ids = [property.agentId, property.companyId].filter((id): id is string => Boolean(id));
  if (!ids.length) return;
  const rows = (await manager.query(
    `SELECT "account_id", "name", "name_ar" FROM "listing_accounts"
     WHERE "account_id" = ANY($1) AND "site" = $2 AND "deleted_at" IS NULL`,
    [ids, property.site],
  )) as { account_id: string; name: string | null; name_ar: string | null }[];
  const known = new Map(rows.map((row) => [row.account_id, row]));
  const agent = property.agentId ? known.get(property.agentId) : undefined;
  if (agent?.name) property.agentName = agent.name;
  if (agent?.name_ar) property.agentNameAr = agent.name_ar;
  if (!property.companyId) return;
  const company = known.get(property.companyId);
  if (company?.name) property.companyNames = { name: company.name, nameAr: company.name_ar };
  else property.companyNames = rosterCompanyNames(property.site, property.companyId);
}

/** A demo roster company's names (seeded listings), or undefined for any other company. */
export function rosterCompanyNames(
  site: Property['site'],
  companyId: string | null,
): Property['companyNames'] | undefined {
  const company = companyId ? demoCompanies(site).find((c) => c.id === companyId) : undefined;
  return company ? { name: company.name.en, nameAr: company.name.ar } : undefined;
}
