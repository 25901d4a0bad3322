import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Spec §3 and §9: plan names Gold, Standard, Basic; durations 1, 3, 6 months and 1 year. */
export const PLAN_TIERS = ['basic', 'standard', 'gold'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const PLAN_DURATIONS = [1, 3, 6, 12] as const;
/**
 * Spec §3/§4 payment status labels: Pending, Canceled, Paid; and Refunded (a paid payment
 * whose money an admin gave back, issue 13 item 8).
 */
export const PAYMENT_STATUSES = ['pending', 'canceled', 'paid', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const planViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    /** In the request's language. */
    name: z.string(),
    tier: z.enum(PLAN_TIERS),
    durationMonths: z.number().int(),
    fees: z.number(),
    currency: z.enum(['AED', 'SAR']),
    propertyQuota: z.number().int(),
    agentQuota: z.number().int(),
  }),
);
export type PlanView = z.infer<typeof planViewSchema>;

/** Purchase (a new or following subscription) or upgrade (to a higher tier, from now). */
export const purchasePlanBodySchema = lazySchema(() => z.object({ planId: z.uuid() }));
export type PurchasePlanBody = z.infer<typeof purchasePlanBodySchema>;

/** Where the browser goes next: the provider's hosted checkout page. */
export const checkoutViewSchema = lazySchema(() =>
  z.object({
    paymentId: z.uuid(),
    status: z.enum(PAYMENT_STATUSES),
    checkoutUrl: z.url(),
  }),
);
export type CheckoutView = z.infer<typeof checkoutViewSchema>;

export const paymentViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    purpose: z.enum(['subscription', 'upgrade']),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    currency: z.enum(['AED', 'SAR']),
    plan: planViewSchema,
    /** The subscription it bought, once paid. */
    subscriptionId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
  }),
);
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const subscriptionViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    plan: planViewSchema,
    /** `scheduled`: bought while another runs, starts when it ends. */
    status: z.enum(['scheduled', 'active', 'expired', 'upgraded']),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
  }),
);
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const paymentIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** Payments' endpoints, relative to the service (`/api/payments` through the gateway). */
export const PAYMENTS_API = {
  plans: '/v1/plans',
  /** GET → the subscription in force for the caller (a company agent: the company's), or null. */
  activeSubscription: '/v1/subscriptions/active',
  subscriptions: '/v1/subscriptions',
  purchase: '/v1/subscriptions/purchase',
  upgrade: '/v1/subscriptions/upgrade',
  payments: '/v1/payments',
  payment: (id: string) => `/v1/payments/${id}`,
  stripeWebhook: '/v1/payments/stripe/webhook',
} as const;

/** The result pages the provider sends the browser back to (spec §2). */
export const PAYMENT_RESULT_PAGES = {
  success: '/payments/paymentSuccess',
  failed: '/payments/paymentFailed',
} as const;
