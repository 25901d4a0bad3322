import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { approvalStatusSchema, localizedTextSchema } from './listings.js';
import { tidySpaces } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Reports of a listing (spec §3 Report: reason, user type, comment; §5: reason and user type
 * required, comment at least 5 characters; §8 'Failed to report'). The reasons and reporter
 * types are those the portals users compare us with offer; their labels in both languages are
 * below, shared by the report dialog and the admins' reports tab.
 */
export const REPORT_REASONS = [
  'inaccurate-price',
  'inaccurate-details',
  'inaccurate-photos',
  'not-available',
  'wrong-location',
  'duplicate',
  'fraud',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORTER_TYPES = ['buyer', 'tenant', 'owner', 'agent', 'other'] as const;
export type ReporterType = (typeof REPORTER_TYPES)[number];
export const REPORT_COMMENT_MIN = 5;

export const REPORT_REASON_LABELS: Record<ReportReason, { en: string; ar: string }> = {
  'inaccurate-price': { en: 'Inaccurate price', ar: 'السعر غير دقيق' },
  'inaccurate-details': { en: 'Inaccurate details', ar: 'التفاصيل غير دقيقة' },
  'inaccurate-photos': { en: 'Photos do not match', ar: 'الصور غير مطابقة' },
  'not-available': { en: 'No longer available', ar: 'لم يعد متاحًا' },
  'wrong-location': { en: 'Wrong location', ar: 'الموقع غير صحيح' },
  duplicate: { en: 'Duplicate listing', ar: 'إعلان مكرر' },
  fraud: { en: 'Suspected fraud', ar: 'اشتباه احتيال' },
  other: { en: 'Other', ar: 'أخرى' },
};

export const REPORTER_TYPE_LABELS: Record<ReporterType, { en: string; ar: string }> = {
  buyer: { en: 'Buyer', ar: 'مشترٍ' },
  tenant: { en: 'Tenant', ar: 'مستأجر' },
  owner: { en: 'Owner or landlord', ar: 'مالك أو مؤجر' },
  agent: { en: 'Agent', ar: 'وسيط عقاري' },
  other: { en: 'Other', ar: 'أخرى' },
};

export const listingReportRequestSchema = lazySchema(() =>
  z.object({
    reason: z.enum(REPORT_REASONS, { message: 'report.reasonRequired' }),
    userType: z.enum(REPORTER_TYPES, { message: 'report.userTypeRequired' }),
    comment: z.preprocess(
      (value) => (typeof value === 'string' ? tidySpaces(value) : value),
      z
        .string({ message: 'report.commentMin' })
        .min(REPORT_COMMENT_MIN, 'report.commentMin')
        .max(1000, 'text.tooLong'),
    ),
  }),
);
export type ListingReportRequest = z.infer<typeof listingReportRequestSchema>;

/**
 * A report as the reporter gets it back and as the admins' queue lists it: of a listing
 * (`propertyId`) or of a project's unit (`unitId`, spec §7 `units/report`), never both.
 */
export const listingReportSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    propertyId: z.uuid().nullable(),
    unitId: z.uuid().nullable(),
    reason: z.enum(REPORT_REASONS),
    userType: z.enum(REPORTER_TYPES),
    comment: z.string(),
    reporterId: z.uuid(),
    reporterRole: z.enum(['user', 'agent', 'company']),
    createdAt: z.iso.datetime(),
  }),
);
export type ListingReport = z.infer<typeof listingReportSchema>;

/** A line of the admins' reports tab: the report and the listing (or the unit and its project) it is about. */
export const adminListingReportSchema = lazySchema(() =>
  listingReportSchema.extend({
    property: z
      .object({
        slug: z.string(),
        title: localizedTextSchema,
        approvalStatus: approvalStatusSchema,
      })
      .nullable(),
    unit: z
      .object({
        projectId: z.uuid(),
        projectSlug: z.string(),
        projectTitle: localizedTextSchema,
        reference: z.string().nullable(),
        layout: z.string(),
      })
      .nullable(),
  }),
);
export type AdminListingReport = z.infer<typeof adminListingReportSchema>;

/** `GET /v1/admin/reports`: the site's reports, newest first. */
export const listingReportsQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    reason: z.enum(REPORT_REASONS).optional(),
  }),
);
export type ListingReportsQuery = z.infer<typeof listingReportsQuerySchema>;
