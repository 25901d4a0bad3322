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

/** How many days before its end a subscription's holder is told it is about to expire. */
export const SUBSCRIPTION_EXPIRY_NOTICE_DAYS = 7;

/**
 * payments.subscription.expiring v1: the subscription ends within
 * SUBSCRIPTION_EXPIRY_NOTICE_DAYS and nothing bought follows it, so the holder can renew in
 * time. Once per subscription, keyed by its id; `endsAt` is when it stops entitling.
 */
export const subscriptionExpiringV1 = {
  type: 'payments.subscription.expiring',
  version: 1,
  payload: z.object({
    subscriptionId: z.uuid(),
    accountId: z.uuid(),
    plan: z.string(),
    endsAt: z.iso.datetime(),
  }),
} as const;

/**
 * payments.subscription.payment-failed v1: a checkout for a plan (a purchase or an upgrade)
 * was not paid (declined, abandoned, expired at the provider), so no subscription came of it.
 * Keyed by the payment; once per payment.
 */
export const planPaymentFailedV1 = {
  type: 'payments.subscription.payment-failed',
  version: 1,
  payload: z.object({
    paymentId: z.uuid(),
    accountId: z.uuid(),
    plan: z.string(),
    purpose: z.enum(['subscription', 'upgrade']),
    failedAt: z.iso.datetime(),
  }),
} as const;
