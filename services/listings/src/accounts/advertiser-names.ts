import type { EntityManager } from 'typeorm';
import type { Property } from '../properties/property.entity.js';

/**
 * The advertiser's names as identity last announced them (`identity.agent.contact`, kept in
 * `listing_accounts`), set on the property before its public version is built, so
 * `listing.approved` names the agent in English and Arabic whoever added the listing (the
 * wizard's token carries the English name only, a company's add none). What identity has not
 * announced keeps what the row had (the token's name, the seed's roster names).
 */
export async function applyAdvertiserNames(manager: EntityManager, property: Property): Promise<void> {
  if (!property.agentId) return;
  const [known] = (await manager.query(
    `SELECT "name", "name_ar" FROM "listing_accounts" WHERE "account_id" = $1 AND "site" = $2 AND "deleted_at" IS NULL`,
    [property.agentId, property.site],
  )) as { name: string | null; name_ar: string | null }[];
  if (known?.name) property.agentName = known.name;
  if (known?.name_ar) property.agentNameAr = known.name_ar;
}
