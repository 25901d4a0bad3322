import { z } from 'zod';
import { pageSchema, type Language, type Page } from '@manzil/contracts';
import { PLAN_TIERS, type Plan } from './plan.entity.js';

/** Response shape; to move to contracts when the subscription screens use it. */
export const planViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  tier: z.enum(PLAN_TIERS),
  durationMonths: z.number().int(),
  fees: z.number(),
  currency: z.enum(['AED', 'SAR']),
  propertyQuota: z.number().int(),
  agentQuota: z.number().int(),
});
export type PlanView = z.infer<typeof planViewSchema>;
export const planPageSchema = pageSchema(planViewSchema);
export type PlanPage = Page<PlanView>;

/** The plan as the request's language reads it. */
export function toPlanView(plan: Plan, language: Language): PlanView {
  return {
    id: plan.id,
    name: language === 'ar' ? plan.nameAr : plan.name,
    tier: plan.tier,
    durationMonths: plan.durationMonths,
    fees: Number(plan.fees),
    currency: plan.currency,
    propertyQuota: plan.propertyQuota,
    agentQuota: plan.agentQuota,
  };
}
