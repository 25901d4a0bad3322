import { z } from 'zod';
import { auctionViewSchema, bidAmountSchema, MAX_BID } from './auctions.js';
import { pageSchema, paginationQuerySchema } from './envelope.js';
import { propertySummarySchema } from './listings.js';
import { PAYMENT_STATUSES, planViewSchema, PLAN_TIERS } from './payments.js';
import { normalizeDigits } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The admin console's API (issue 13 item 8), in auctions and payments. Every endpoint is for
 * an admin of the request's site and is checked on the server; every list is paginated.
 */

// ---------------------------------------------------------------- auctions

/** An auction as the console lists it: the public view, and whether (and when) it was cancelled. */
export const adminAuctionViewSchema = lazySchema(() =>
  auctionViewSchema.extend({
    /** `canceled` overrides the clock's status. */
    adminStatus: z.enum(['upcoming', 'live', 'closed', 'canceled']),
    canceledAt: z.iso.datetime().nullable(),
    cancelReason: z.string().nullable(),
  }),
);
export type AdminAuctionView = z.infer<typeof adminAuctionViewSchema>;
export const adminAuctionPageSchema = lazySchema(() => pageSchema(adminAuctionViewSchema));

export const adminAuctionsQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: z.enum(['upcoming', 'live', 'closed', 'canceled']).optional(),
  }),
);
export type AdminAuctionsQuery = z.infer<typeof adminAuctionsQuerySchema>;

/** A property an auction can be made of: accepted (known from listings' events), of the site. */
export const auctionablePropertySchema = lazySchema(() =>
  propertySummarySchema.extend({
    /** Auctions of it not settled nor cancelled: one at a time per property. */
    openAuctionId: z.uuid().nullable(),
  }),
);
export type AuctionableProperty = z.infer<typeof auctionablePropertySchema>;
export const auctionablePropertyPageSchema = lazySchema(() => pageSchema(auctionablePropertySchema));
export const auctionablePropertiesQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    /** Part of the title (either language) or the slug. */
    q: z.string().trim().max(100).optional(),
  }),
);
export type AuctionablePropertiesQuery = z.infer<typeof auctionablePropertiesQuerySchema>;

// The piped schema reads the trimmed string (bidAmountSchema takes any input, strings included).
const requiredText = <T extends z.ZodType>(then: T) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, 'required')
    .pipe(then as unknown as z.ZodType<z.output<T>, string>);

/**
 * The console's new-auction form: what `POST /v1/admin/auctions` takes (createAuctionBodySchema),
 * with "required" said for a field left empty (the form holds strings) rather than "invalid".
 */
export const createAuctionFormSchema = lazySchema(() =>
  z
    .object({
      propertyId: requiredText(z.uuid('auction.propertyNotAccepted')),
      startsAt: requiredText(z.iso.datetime({ offset: true, error: 'invalid' })),
      endsAt: requiredText(z.iso.datetime({ offset: true, error: 'invalid' })),
      startingPrice: requiredText(bidAmountSchema),
      minIncrement: bidAmountSchema.optional(),
      biddingFee: z.coerce.number('invalid').min(0, 'invalid').max(MAX_BID, 'invalid').optional(),
    })
    .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
      path: ['endsAt'],
      message: 'auction.endsBeforeStart',
    }),
);

/** New times of an auction not ended: both, the start unchanged once it has started. */
export const rescheduleAuctionBodySchema = lazySchema(() =>
  z
    .object({
      startsAt: z.iso.datetime({ offset: true }),
      endsAt: z.iso.datetime({ offset: true }),
    })
    .refine((body) => Date.parse(body.endsAt) > Date.parse(body.startsAt), {
      path: ['endsAt'],
      message: 'auction.endsBeforeStart',
    }),
);
export type RescheduleAuctionBody = z.infer<typeof rescheduleAuctionBodySchema>;

export const cancelAuctionBodySchema = lazySchema(() =>
  z.object({
    reason: z.string().trim().max(500).optional(),
  }),
);
export type CancelAuctionBody = z.infer<typeof cancelAuctionBodySchema>;

// ---------------------------------------------------------------- plans

/** A plan as the console edits it: both names, fees in the site's currency, quotas. */
export const adminPlanViewSchema = lazySchema(() =>
  planViewSchema.omit({ name: true }).extend({
    nameEn: z.string(),
    nameAr: z.string(),
    updatedAt: z.iso.datetime(),
  }),
);
export type AdminPlanView = z.infer<typeof adminPlanViewSchema>;
export const adminPlanPageSchema = lazySchema(() => pageSchema(adminPlanViewSchema));

const decimal = (message: string) =>
  z.preprocess(
    // Arabic digits, the Arabic decimal separator (٫) and thousands separators typed are read.
    (value) =>
      typeof value === 'string'
        ? normalizeDigits(value)
            .replace(/[,\s٬]/g, '')
            .replace('٫', '.')
        : value,
    z.coerce
      .number({ message })
      .refine((n) => Number.isFinite(n) && n >= 1 && n <= MAX_BID, message)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, message),
  );
const quota = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value).trim() : value),
    z.coerce
      .number({ message: 'plan.quota' })
      .int('plan.quota')
      .min(0, 'plan.quota')
      .max(10_000, 'plan.quota'),
  ),
);
const planName = lazySchema(() => z.string().trim().min(1, 'plan.name').max(60, 'plan.name'));

/** What an admin may change of a plan (tier, duration and currency are what the plan is). */
export const updatePlanBodySchema = lazySchema(() =>
  z
    .object({
      nameEn: planName,
      nameAr: planName,
      fees: decimal('plan.fees'),
      propertyQuota: quota,
      agentQuota: quota,
    })
    .partial(),
);
export type UpdatePlanBody = z.infer<typeof updatePlanBodySchema>;

/** One line of the plans' audit: who changed what, from what, to what. */
export const planChangeViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    planId: z.uuid(),
    tier: z.enum(PLAN_TIERS),
    durationMonths: z.number().int(),
    adminId: z.uuid(),
    changedAt: z.iso.datetime(),
    changes: z.array(
      z.object({
        field: z.enum(['nameEn', 'nameAr', 'fees', 'propertyQuota', 'agentQuota']),
        from: z.union([z.string(), z.number()]),
        to: z.union([z.string(), z.number()]),
      }),
    ),
  }),
);
export type PlanChangeView = z.infer<typeof planChangeViewSchema>;
export const planChangePageSchema = lazySchema(() => pageSchema(planChangeViewSchema));

// ---------------------------------------------------------------- payments

export const paymentHistoryEntrySchema = lazySchema(() =>
  z.object({
    status: z.enum(PAYMENT_STATUSES),
    at: z.iso.datetime(),
  }),
);

/** A payment as the console lists it: who paid, for what, and every status it went through. */
export const adminPaymentViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    accountId: z.uuid(),
    purpose: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    currency: z.enum(['AED', 'SAR']),
    /** What was bought (the plan's name in the request's language), when it was a plan. */
    plan: planViewSchema.nullable(),
    subscriptionId: z.uuid().nullable(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    refundedAt: z.iso.datetime().nullable(),
    /**
     * When another service said the money is due back (`unit.booking-refund-due`: paid after the
     * hold was released and the unit taken meanwhile; `bid.fee-refund-due`), before or after the
     * refund went through; null otherwise.
     */
    refundDueAt: z.iso.datetime().nullable(),
    history: z.array(paymentHistoryEntrySchema),
  }),
);
export type AdminPaymentView = z.infer<typeof adminPaymentViewSchema>;
export const adminPaymentPageSchema = lazySchema(() => pageSchema(adminPaymentViewSchema));

export const adminPaymentsQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: z.enum(PAYMENT_STATUSES).optional(),
    purpose: z.string().trim().max(40).optional(),
    /** Created from / to this day (UTC, inclusive): a real calendar day (2026-13-40 is refused, not a 500). */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    accountId: z.uuid().optional(),
  }),
);
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

export const refundPaymentBodySchema = lazySchema(() =>
  z.object({
    reason: z.enum(['requested_by_customer', 'duplicate', 'fraudulent']).default('requested_by_customer'),
  }),
);
export type RefundPaymentBody = z.infer<typeof refundPaymentBodySchema>;

export const ADMIN_CONSOLE_API = {
  auctions: '/v1/admin/auctions',
  auctionableProperties: '/v1/admin/auctionable-properties',
  reschedule: (id: string) => `/v1/admin/auctions/${id}/schedule`,
  cancel: (id: string) => `/v1/admin/auctions/${id}/cancel`,
  plans: '/v1/admin/plans',
  plan: (id: string) => `/v1/admin/plans/${id}`,
  planChanges: '/v1/admin/plan-changes',
  payments: '/v1/admin/payments',
  refund: (id: string) => `/v1/admin/payments/${id}/refund`,
} as const;

export const adminIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));
