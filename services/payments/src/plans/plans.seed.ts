import type { DataSource } from 'typeorm';
import { SITE_FACTS, SITES, type PlanTier } from '@manzil/contracts';

/** Demo plans. Prices are placeholders until the business sets them (admin screens come later). */
const TIERS: {
  tier: PlanTier;
  en: string;
  ar: string;
  monthly: number;
  properties: number;
  agents: number;
}[] = [
  { tier: 'basic', en: 'Basic', ar: 'أساسي', monthly: 99, properties: 10, agents: 2 },
  { tier: 'standard', en: 'Standard', ar: 'قياسي', monthly: 249, properties: 50, agents: 10 },
  { tier: 'gold', en: 'Gold', ar: 'ذهبي', monthly: 499, properties: 200, agents: 50 },
];
/** Longer subscriptions cost less per month. */
const DURATIONS: { months: number; discount: number }[] = [
  { months: 1, discount: 0 },
  { months: 3, discount: 0.05 },
  { months: 6, discount: 0.1 },
  { months: 12, discount: 0.2 },
];

/** Idempotent: a second run updates the same 12 plans per site instead of adding more. */
export async function seedPlans(dataSource: DataSource): Promise<void> {
  for (const site of SITES) {
    for (const tier of TIERS) {
      for (const duration of DURATIONS) {
        const fees = Math.round(tier.monthly * duration.months * (1 - duration.discount));
        await dataSource.query(
          `INSERT INTO plans (site, name, name_ar, tier, duration_months, fees, currency, property_quota, agent_quota)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT ON CONSTRAINT plans_site_tier_duration_key DO UPDATE SET
             name = EXCLUDED.name, name_ar = EXCLUDED.name_ar, fees = EXCLUDED.fees, currency = EXCLUDED.currency,
             property_quota = EXCLUDED.property_quota, agent_quota = EXCLUDED.agent_quota, updated_at = now()`,
          [
            site,
            tier.en,
            tier.ar,
            tier.tier,
            duration.months,
            fees,
            SITE_FACTS[site].currency,
            tier.properties,
            tier.agents,
          ],
        );
      }
    }
  }
}
