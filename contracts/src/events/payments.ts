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

/**
 * payments.subscription.expired v1: the subscription no longer entitles the account, from
 * `endedAt` on: it ran out (`reason: 'ended'`) or a paid upgrade replaced it
 * (`'upgraded'`, `endedAt` then earlier than its planned end). Keyed by the subscription id.
 */
export const subscriptionExpiredV1 = {
  type: 'payments.subscription.expired',
  version: 1,
  payload: z.object({
    subscriptionId: z.uuid(),
    accountId: z.uuid(),
    plan: z.string(),
    endedAt: z.iso.datetime(),
    reason: z.enum(['ended', 'upgraded']),
  }),
} as const;
