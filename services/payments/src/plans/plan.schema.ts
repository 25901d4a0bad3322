import { pageSchema, planViewSchema, type Language, type Page, type PlanView } from '@manzil/contracts';
import type { Plan } from './plan.entity.js';

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
