import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** The buckets a report's series is counted in, and the most of each one window may span. */
export const REPORT_BUCKETS = ['day', 'week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
export const REPORT_MAX_BUCKETS: Record<ReportBucket, number> = { day: 31, week: 26, month: 24 };

const day = lazySchema(() => z.iso.date());

/**
 * A window of a time series (the "page" of a report): `bucket` size and `from`…`to` (dates in
 * the site's time zone, both included). Without dates: the last REPORT_MAX_BUCKETS buckets to
 * today. A longer window than the bucket allows is refused (the client moves the window).
 */
export const reportWindowQuerySchema = lazySchema(() =>
  z
    .object({
      bucket: z.enum(REPORT_BUCKETS).default('month'),
      from: day.optional(),
      to: day.optional(),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'report.window', path: ['from'] }),
);
export type ReportWindowQuery = z.infer<typeof reportWindowQuerySchema>;

/**
 * Spend over time (payments): what the plan holder paid per bucket (Paid payments, by the day
 * they were paid, in the site's time zone), zero-filled so a chart has every bucket.
 */
export const spendReportSchema = lazySchema(() =>
  z.object({
    bucket: z.enum(REPORT_BUCKETS),
    from: day,
    to: day,
    currency: z.enum(['AED', 'SAR']),
    items: z.array(z.object({ start: day, amount: z.number(), payments: z.int() })),
  }),
);
export type SpendReport = z.infer<typeof spendReportSchema>;

/**
 * Listings over time (listings): per bucket, the caller's listings added (created) and
 * accepted (approved), a company's being every listing of its agents, and what those listings
 * drew: `views` (detail page views, one per visitor per listing per day) and `leads`
 * (enquiries, appointment requests, call and WhatsApp clicks). Zero-filled.
 */
export const listingsReportSchema = lazySchema(() =>
  z.object({
    bucket: z.enum(REPORT_BUCKETS),
    from: day,
    to: day,
    items: z.array(
      z.object({ start: day, added: z.int(), approved: z.int(), views: z.int(), leads: z.int() }),
    ),
  }),
);
export type ListingsReport = z.infer<typeof listingsReportSchema>;

/** The contact buttons of a listing's agent card whose clicks count as leads. */
export const CONTACT_CLICK_KINDS = ['call', 'whatsapp'] as const;
export type ContactClickKind = (typeof CONTACT_CLICK_KINDS)[number];

/**
 * What a listing page's beacon sends: `visitor`, the browser's anonymous id (a random uuid it
 * keeps), so a visitor who is not signed in is counted once per day; a signed-in account is
 * known by its token instead.
 */
export const listingViewRequestSchema = z.object({ visitor: z.uuid().optional() });
export type ListingViewRequest = z.infer<typeof listingViewRequestSchema>;
export const contactClickRequestSchema = listingViewRequestSchema.extend({
  kind: z.enum(CONTACT_CLICK_KINDS),
});
export type ContactClickRequest = z.infer<typeof contactClickRequestSchema>;
/** Whether the beacon was counted (false: already counted today, the owner, a bot, an admin). */
export const beaconResultSchema = z.object({ counted: z.boolean() });
export type BeaconResult = z.infer<typeof beaconResultSchema>;

export const ACTIVITY_REPORTS_API = {
  /** Listings: GET, company or agent, their listings added and accepted. */
  listings: '/v1/reports/listings',
  /** Listings: POST listingViewRequestSchema → beaconResultSchema, 202 (anyone): a page view. */
  view: (propertyId: string) => `/v1/properties/${propertyId}/views`,
  /** Listings: POST contactClickRequestSchema → beaconResultSchema, 202 (anyone): a call/WhatsApp click. */
  contactClick: (propertyId: string) => `/v1/properties/${propertyId}/contact-clicks`,
  /** Payments: GET, company or agent, their own spend. */
  spend: '/v1/reports/spend',
} as const;
