import { z } from 'zod';

/**
 * payments.subscription.activated v1: an account may now list properties and add agents up
 * to the plan's quotas until `endsAt`. Identity and listings keep their own entitlement rows.
 */
export const subscriptionActivatedV1 = {
  type: 'payments.subscription.activated',
  version: 1,
  payload: z.object({
    subscriptionId: z.uuid(),
    accountId: z.uuid(),
    plan: z.string(),
    propertyQuota: z.number().int().min(0),
    agentQuota: z.number().int().min(0),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
  }),
} as const;
