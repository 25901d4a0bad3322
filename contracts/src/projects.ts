import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { localizedTextSchema } from './listings.js';
import { typedNumber } from './property.js';
import { siteSchema } from './site.js';
import { normalizeDigits, tidySpaces } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * New projects and their units (spec §3 Project, §4 "project completion: off plan or ready", the
 * screens "new projects list and detail (payment plan: booking, construction, handover; units;
 * brochure)"). Companies and admins manage them in the listings service; search serves them to
 * the public from `project.published` / `project.updated` / `unit.*` events (events/projects.ts).
 * Messages are keys of VALIDATION_MESSAGES, so the company's form and the endpoint say the same.
 */

export const PROJECT_COMPLETIONS = ['offPlan', 'ready'] as const;
export const projectCompletionSchema = lazySchema(() => z.enum(PROJECT_COMPLETIONS));
export type ProjectCompletion = z.infer<typeof projectCompletionSchema>;

/** Unit layouts as the portals users compare us with name them. */
export const UNIT_LAYOUTS = [
  'studio',
  'apartment',
  'duplex',
  'penthouse',
  'townhouse',
  'villa',
  'office',
  'retail',
] as const;
export const unitLayoutSchema = lazySchema(() => z.enum(UNIT_LAYOUTS));

/** A unit is available, held for a buyer (booking started) or sold. */
export const UNIT_STATUSES = ['available', 'reserved', 'sold'] as const;
export const unitStatusSchema = lazySchema(() => z.enum(UNIT_STATUSES));
export type UnitStatus = z.infer<typeof unitStatusSchema>;

export const PROJECT_STATUSES = ['draft', 'published'] as const;
export const projectStatusSchema = lazySchema(() => z.enum(PROJECT_STATUSES));

export const PROJECT_LIMITS = {
  titleMax: 150,
  developerMax: 120,
  descriptionMax: 5000,
  licenceMax: 30,
  unitsMax: 100_000,
  priceMaxChars: 10,
  areaMaxChars: 9,
  bedroomsMax: 11,
  /** A brochure is a PDF; 10 MB leaves room for the photos a developer's brochure carries. */
  brochureMaxBytes: 10 * 1024 * 1024,
} as const;

const tidy = (value: unknown) => (typeof value === 'string' ? tidySpaces(value) : value);
const requiredText = (max: number, key = 'text.required') =>
  z.preprocess(tidy, z.string({ message: key }).min(1, key).max(max, 'text.tooLong'));
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? tidySpaces(value) || undefined : value),
    z.string().max(max, 'text.tooLong').optional(),
  );
const wholeCount = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value).trim() : value),
    z.coerce
      .number({ message: 'number.invalid' })
      .int('number.integer')
      .min(0, 'number.invalid')
      .max(max, 'number.invalid'),
  );
const percent = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value).trim() : value),
    z.coerce
      .number({ message: 'number.invalid' })
      .int('number.integer')
      .min(0, 'number.invalid')
      .max(100, 'number.invalid'),
  ),
);

/** Spec: "payment plan: booking, construction, handover", each a share of the price; 100 in all. */
export const paymentPlanSchema = lazySchema(() =>
  z
    .object({ booking: percent, construction: percent, handover: percent })
    .refine((plan) => plan.booking + plan.construction + plan.handover === 100, {
      message: 'project.paymentPlanSum',
      path: ['handover'],
    }),
);
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

const projectTitleSchema = lazySchema(() =>
  z.object({
    en: requiredText(PROJECT_LIMITS.titleMax, 'project.titleRequired'),
    ar: requiredText(PROJECT_LIMITS.titleMax, 'project.titleRequired'),
  }),
);

const projectFields = lazySchema(() =>
  z.object({
    title: projectTitleSchema,
    description: z.object({
      en: optionalText(PROJECT_LIMITS.descriptionMax),
      ar: optionalText(PROJECT_LIMITS.descriptionMax),
    }),
    developer: requiredText(PROJECT_LIMITS.developerMax, 'project.developerRequired'),
    licenceNumber: optionalText(PROJECT_LIMITS.licenceMax),
    /** A city of the site's location master data, and optionally one of its communities. */
    cityId: requiredText(120),
    communityId: optionalText(120),
    totalArea: typedNumber({ maxChars: PROJECT_LIMITS.areaMaxChars }),
    totalUnits: wholeCount(PROJECT_LIMITS.unitsMax),
    availableUnits: wholeCount(PROJECT_LIMITS.unitsMax),
    deliveryDate: z.iso.date({ message: 'date.invalid' }),
    startingPrice: typedNumber({ maxChars: PROJECT_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    paymentPlan: paymentPlanSchema,
    completion: projectCompletionSchema,
  }),
);

const unitsWithinTotal = (value: { totalUnits?: number; availableUnits?: number }, ctx: z.RefinementCtx) => {
  if (
    value.totalUnits !== undefined &&
    value.availableUnits !== undefined &&
    value.availableUnits > value.totalUnits
  )
    ctx.addIssue({ code: 'custom', message: 'project.availableUnits', path: ['availableUnits'] });
};

/**
 * `POST /v1/projects`: a company creates a project of its own (an admin names the company).
 * Every field is checked here so the form shows each message at once.
 */
export const projectCreateSchema = projectFields
  .extend({ companyId: z.uuid().optional() })
  .superRefine(unitsWithinTotal);
export type ProjectCreateRequest = z.infer<typeof projectCreateSchema>;
/** What the company's form holds before parsing (numbers typed as text). */
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;

/** `PATCH /v1/projects/:id`: any field; the same rules. */
export const projectUpdateSchema = projectFields.partial().superRefine(unitsWithinTotal);
export type ProjectUpdateRequest = z.infer<typeof projectUpdateSchema>;

const unitFields = lazySchema(() =>
  z.object({
    layout: unitLayoutSchema,
    /** Studio is 0, as for properties (spec §9). */
    bedrooms: wholeCount(PROJECT_LIMITS.bedroomsMax),
    area: typedNumber({ maxChars: 5, lengthKey: 'property.buaLength' }),
    price: typedNumber({ maxChars: PROJECT_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    /** A floor plan: an https link, or the path an upload set (`PROJECTS_API.floorPlan`). */
    floorPlanUrl: optionalText(500),
    reference: optionalText(30),
  }),
);

/** `POST /v1/projects/:id/units`: a new unit is available. */
export const unitCreateSchema = unitFields;
export type UnitCreateRequest = z.infer<typeof unitCreateSchema>;
export type UnitCreateInput = z.input<typeof unitCreateSchema>;
/** `PATCH /v1/projects/:id/units/:unitId`: fields and/or status (one function changes a status). */
export const unitUpdateSchema = unitFields.partial().extend({ status: unitStatusSchema.optional() });
export type UnitUpdateRequest = z.infer<typeof unitUpdateSchema>;

export const unitSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    projectId: z.uuid(),
    layout: unitLayoutSchema,
    bedrooms: z.number().int().min(0),
    area: z.number().positive(),
    price: z.number().positive(),
    floorPlanUrl: z.string().nullable(),
    reference: z.string().nullable(),
    status: unitStatusSchema,
  }),
);
export type Unit = z.infer<typeof unitSchema>;

const placeSchema = lazySchema(() => z.object({ id: z.string(), name: localizedTextSchema }));

/** A project as readers see it (the public detail, search's read model, `project.published`). */
export const publicProjectSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    site: siteSchema,
    slug: z.string(),
    title: localizedTextSchema,
    description: localizedTextSchema,
    developer: z.string(),
    licenceNumber: z.string().nullable(),
    city: placeSchema,
    community: placeSchema.nullable(),
    totalArea: z.number().positive(),
    areaUnit: z.enum(['sqft', 'sqm']),
    totalUnits: z.number().int().min(0),
    availableUnits: z.number().int().min(0),
    deliveryDate: z.iso.date(),
    startingPrice: z.number().positive(),
    currency: z.enum(['AED', 'SAR']),
    paymentPlan: z.object({
      booking: z.number().int(),
      construction: z.number().int(),
      handover: z.number().int(),
    }),
    completion: projectCompletionSchema,
    /** The brochure PDF, served by the listings service; null until one is uploaded. */
    brochureUrl: z.string().nullable(),
    companyId: z.uuid(),
    publishedAt: z.iso.datetime(),
  }),
);
export type PublicProject = z.infer<typeof publicProjectSchema>;

/** A public project with its units (the detail page). */
export const projectDetailSchema = lazySchema(() =>
  publicProjectSchema.extend({ units: z.array(unitSchema) }),
);
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** What the owning company and admins read: the public fields plus its status. */
export const ownedProjectSchema = lazySchema(() =>
  publicProjectSchema.extend({
    status: projectStatusSchema,
    publishedAt: z.iso.datetime().nullable(),
    units: z.array(unitSchema),
  }),
);
export type OwnedProject = z.infer<typeof ownedProjectSchema>;

/** `GET /v1/projects` (listings and search): paginated, filtered by city and completion. */
export const projectListQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    cityId: z.string().trim().min(1).max(120).optional(),
    completion: projectCompletionSchema.optional(),
  }),
);
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

/** `GET /v1/owner/projects`: the company's or the admin's list, also by status (admins: `/admin/projects`). */
export const ownedProjectListQuerySchema = lazySchema(() =>
  projectListQuerySchema.extend({
    status: projectStatusSchema.optional(),
  }),
);
export type OwnedProjectListQuery = z.infer<typeof ownedProjectListQuerySchema>;

export const projectSlugParamsSchema = lazySchema(() => z.object({ slug: z.string().min(1).max(200) }));
export const projectIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));
export const unitParamsSchema = lazySchema(() => z.object({ id: z.uuid(), unitId: z.uuid() }));

/**
 * A unit's floor plan address if a page may link to it: the listings' own path (an upload) or an
 * https link. The field took any text before uploads, so a `javascript:` or other scheme is never
 * rendered as a link.
 */
export function safeFloorPlanUrl(url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/api/listings/v1/projects/') || /^https:\/\/[^\s]+$/i.test(url) ? url : null;
}

export const PROJECTS_API = {
  /** Listings: company/admin writes; public reads of published projects. */
  projects: '/v1/projects',
  owner: '/v1/owner/projects',
  units: (projectId: string) => `/v1/projects/${projectId}/units`,
  publish: (projectId: string) => `/v1/projects/${projectId}/publish`,
  /** Admins only: a published project goes back to draft (`project.unpublished`). */
  unpublish: (projectId: string) => `/v1/projects/${projectId}/unpublish`,
  brochure: (projectId: string) => `/v1/projects/${projectId}/brochure`,
  /** POST multipart `file` (its company, an admin): a jpeg or PDF under 2 MB; GET: the file, once published. */
  floorPlan: (projectId: string, unitId: string) => `/v1/projects/${projectId}/units/${unitId}/floor-plan`,
} as const;

/** Labels in both languages (glossary: project «مشروع», off-plan «على الخريطة», handover «التسليم»). */
export const PROJECT_COMPLETION_LABELS: Record<ProjectCompletion, { en: string; ar: string }> = {
  offPlan: { en: 'Off-plan', ar: 'على الخريطة' },
  ready: { en: 'Ready', ar: 'جاهز' },
};
export const UNIT_STATUS_LABELS: Record<UnitStatus, { en: string; ar: string }> = {
  available: { en: 'Available', ar: 'متاحة' },
  reserved: { en: 'Reserved', ar: 'محجوزة' },
  sold: { en: 'Sold', ar: 'مباعة' },
};
export const UNIT_LAYOUT_LABELS: Record<(typeof UNIT_LAYOUTS)[number], { en: string; ar: string }> = {
  studio: { en: 'Studio', ar: 'استوديو' },
  apartment: { en: 'Apartment', ar: 'شقة' },
  duplex: { en: 'Duplex', ar: 'دوبلكس' },
  penthouse: { en: 'Penthouse', ar: 'بنتهاوس' },
  townhouse: { en: 'Townhouse', ar: 'تاون هاوس' },
  villa: { en: 'Villa', ar: 'فيلا' },
  office: { en: 'Office', ar: 'مكتب' },
  retail: { en: 'Retail', ar: 'محل تجاري' },
};
