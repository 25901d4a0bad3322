import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import {
  localizedTextSchema,
  PROPERTY_KINDS,
  propertyKindSchema,
  propertySummarySchema,
  type PropertyTypeSlug,
} from './listings.js';
import { projectDetailSchema } from './projects.js';
import { normalizeDigits, tidySpaces } from './text.js';
import { emailSchema, mobileSchema, nameSchema } from './validation.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Customer engagement kept by the listings service (spec §2 request property and the
 * presentation routes, §3 enquiry types and Requirement, §5 budget, §9 agent response claim):
 * enquiries sent from a property's agent card, requirements (request or list a property) and
 * the presentations (proposals) an agent shares by link and PDF.
 */

const text = (value: unknown) => (typeof value === 'string' ? tidySpaces(value) : value);
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && tidySpaces(value) === '' ? undefined : value;
const number = (value: unknown) =>
  typeof value === 'string'
    ? tidySpaces(value) === ''
      ? undefined
      : Number(normalizeDigits(value).replace(/[,\s]/g, ''))
    : value;

// ---------------------------------------------------------------- enquiries

/** Spec §3 "Enquiry types", in the spec's order. */
export const ENQUIRY_TYPES = [
  'book-viewing',
  'general',
  'make-offer',
  'property-information',
  'call-back',
] as const;
export type EnquiryType = (typeof ENQUIRY_TYPES)[number];

export const ENQUIRY_TYPE_LABELS: Record<EnquiryType, { en: string; ar: string }> = {
  'book-viewing': { en: 'Book A viewing', ar: 'حجز معاينة' },
  general: { en: 'General Enquiry', ar: 'استفسار عام' },
  'make-offer': { en: 'Make an offer', ar: 'تقديم عرض' },
  'property-information': { en: 'Property information', ar: 'معلومات العقار' },
  'call-back': { en: 'Request a call back', ar: 'طلب معاودة الاتصال' },
};

export const ENQUIRY_MESSAGE_MAX = 1000;

/** `POST /v1/properties/:id/enquiries`: what the customer sends from the agent card. */
export const enquiryRequestSchema = lazySchema(() =>
  z.object({
    type: z.enum(ENQUIRY_TYPES, { message: 'enquiry.typeRequired' }),
    name: nameSchema,
    email: emailSchema,
    countryCode: z.enum(['+971', '+966'], { message: 'countryCode.invalid' }),
    mobile: mobileSchema,
    message: z.preprocess(
      (value) => blankToUndefined(text(value)),
      z.string().max(ENQUIRY_MESSAGE_MAX, 'text.tooLong').optional(),
    ),
  }),
);
export type EnquiryRequest = z.infer<typeof enquiryRequestSchema>;

/** An enquiry as its sender gets it back and the agent's inbox lists it. */
export const enquirySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    propertyId: z.uuid(),
    property: z.object({ slug: z.string(), title: localizedTextSchema }),
    type: z.enum(ENQUIRY_TYPES),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** When the agent answered (marked it responded); null while it waits. */
    respondedAt: z.iso.datetime().nullable(),
  }),
);
export type Enquiry = z.infer<typeof enquirySchema>;

export const enquiriesQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: z.enum(['open', 'responded']).optional(),
  }),
);
export type EnquiriesQuery = z.infer<typeof enquiriesQuerySchema>;

/**
 * Spec §9 "typically responds within 5 minutes": claimed only when the agent's measured median
 * (enquiry → marked responded) over their last RESPONSE_SAMPLE_MAX answered enquiries of the past
 * RESPONSE_WINDOW_DAYS is at most RESPONSE_CLAIM_MINUTES, from at least RESPONSE_SAMPLE_MIN of them.
 */
export const RESPONSE_CLAIM_MINUTES = 5;
export const RESPONSE_SAMPLE_MIN = 3;
export const RESPONSE_SAMPLE_MAX = 50;
export const RESPONSE_WINDOW_DAYS = 90;
/** An enquiry left unanswered this long counts as slow (it is in the sample at this time). */
export const RESPONSE_UNANSWERED_AFTER_HOURS = 24;

export const agentResponseSchema = lazySchema(() =>
  z.object({
    /** Median minutes from enquiry to answer, or null with too few enquiries to say. */
    medianMinutes: z.number().nullable(),
    sample: z.number().int().min(0),
    /** True only when the median supports the "typically responds within 5 minutes" line. */
    respondsFast: z.boolean(),
  }),
);
export type AgentResponse = z.infer<typeof agentResponseSchema>;

export function respondsFast(medianMinutes: number | null, sample: number): boolean {
  return medianMinutes !== null && sample >= RESPONSE_SAMPLE_MIN && medianMinutes <= RESPONSE_CLAIM_MINUTES;
}

// ---------------------------------------------------------------- requirements

/** Spec §3 Requirement "request type (sell/buy/rent)". */
export const REQUIREMENT_REQUEST_TYPES = ['buy', 'rent', 'sell'] as const;
export const FINANCE_TYPES = ['cash', 'mortgage'] as const;
export const REQUIREMENT_CATEGORIES = ['residential', 'commercial'] as const;
/** Spec §3 "Individual or corporate user types exist for Saudi requests". */
export const REQUIREMENT_USER_TYPES = ['individual', 'corporate'] as const;
export const REQUIREMENT_STATUSES = ['open', 'closed'] as const;
/**
 * Spec §3 Requirement "agreement status": the agreement the customer offers agents, in the
 * listing agreement types' words (contracts' AGREEMENT_TYPES without the platform's
 * exclusive-plus tier): one agent only, any agent, or agents sharing it. Optional.
 */
export const REQUIREMENT_AGREEMENT_STATUSES = ['exclusive', 'non-exclusive', 'shared'] as const;

/** The listing type (and so purpose) a requirement matches: selling is listing for sale. */
export function requirementListingType(
  category: (typeof REQUIREMENT_CATEGORIES)[number],
  requestType: (typeof REQUIREMENT_REQUEST_TYPES)[number],
): PropertyTypeSlug {
  const purpose = requestType === 'rent' ? 'rent' : 'buy';
  return (category === 'commercial' ? `commercial-${purpose}` : purpose) as PropertyTypeSlug;
}

const positive = () =>
  z.number({ message: 'number.invalid' }).positive('number.positive').max(9_999_999_999, 'number.invalid');
const amount = lazySchema(() => z.preprocess(number, positive()));
const optionalAmount = lazySchema(() => z.preprocess(number, positive().optional()));

/** `POST /v1/requirements`: a customer requests or lists a property. */
export const requirementBaseSchema = lazySchema(() =>
  z.object({
    name: nameSchema,
    /** City id of the site's master data (`/v1/locations`). */
    cityId: z.preprocess(
      text,
      z.string({ message: 'requirement.cityRequired' }).min(1, 'requirement.cityRequired').max(120),
    ),
    subLocation: z.preprocess(
      (v) => blankToUndefined(text(v)),
      z.string().max(120, 'text.tooLong').optional(),
    ),
    budgetMin: amount,
    budgetMax: amount,
    areaMin: optionalAmount,
    areaMax: optionalAmount,
    propertyKind: z.enum(PROPERTY_KINDS, { message: 'requirement.kindRequired' }),
    requestType: z.enum(REQUIREMENT_REQUEST_TYPES, { message: 'requirement.requestTypeRequired' }),
    category: z.enum(REQUIREMENT_CATEGORIES, { message: 'requirement.categoryRequired' }),
    unitType: z.preprocess((v) => blankToUndefined(text(v)), z.string().max(60, 'text.tooLong').optional()),
    finance: z.preprocess(
      blankToUndefined,
      z.enum(FINANCE_TYPES, { message: 'requirement.financeRequired' }).optional(),
    ),
    ownerName: z.preprocess((v) => blankToUndefined(text(v)), z.string().max(50, 'name.length').optional()),
    email: emailSchema,
    countryCode: z.enum(['+971', '+966'], { message: 'countryCode.invalid' }),
    mobile: mobileSchema,
    description: z.preprocess(
      (v) => blankToUndefined(text(v)),
      z.string().max(ENQUIRY_MESSAGE_MAX, 'text.tooLong').optional(),
    ),
    userType: z.preprocess(
      blankToUndefined,
      z.enum(REQUIREMENT_USER_TYPES, { message: 'requirement.userTypeRequired' }).optional(),
    ),
    agreementStatus: z.preprocess(
      blankToUndefined,
      z.enum(REQUIREMENT_AGREEMENT_STATUSES, { message: 'requirement.agreementInvalid' }).optional(),
    ),
  }),
);

type RequirementBase = z.infer<typeof requirementBaseSchema>;

/** Spec §5 "Budget minimum must be below budget maximum" (and the area range likewise). */
function checkRanges(value: RequirementBase, ctx: z.RefinementCtx) {
  if (value.budgetMin !== undefined && value.budgetMax !== undefined && value.budgetMin >= value.budgetMax)
    ctx.addIssue({ code: 'custom', path: ['budgetMax'], message: 'budget.minBelowMax' });
  if (value.areaMin !== undefined && value.areaMax !== undefined && value.areaMin > value.areaMax)
    ctx.addIssue({ code: 'custom', path: ['areaMax'], message: 'range.minAboveMax' });
}

/** The rule of a site: on `sa` the individual/corporate choice is asked, elsewhere it is refused. */
export function requirementRequestSchemaFor(site: 'ae' | 'sa') {
  return requirementBaseSchema.superRefine((value, ctx) => {
    checkRanges(value, ctx);
    if (site === 'sa' && !value.userType)
      ctx.addIssue({ code: 'custom', path: ['userType'], message: 'requirement.userTypeRequired' });
    if (site !== 'sa' && value.userType)
      ctx.addIssue({ code: 'custom', path: ['userType'], message: 'cms.saudiOnly' });
  });
}
export type RequirementRequest = RequirementBase;

export const requirementSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    city: z.object({ id: z.string(), name: localizedTextSchema }),
    subLocation: z.string().nullable(),
    budgetMin: z.number(),
    budgetMax: z.number(),
    areaMin: z.number().nullable(),
    areaMax: z.number().nullable(),
    propertyKind: propertyKindSchema,
    requestType: z.enum(REQUIREMENT_REQUEST_TYPES),
    category: z.enum(REQUIREMENT_CATEGORIES),
    unitType: z.string().nullable(),
    finance: z.enum(FINANCE_TYPES).nullable(),
    status: z.enum(REQUIREMENT_STATUSES),
    /** Spec §3 "agreement status": the agreement the customer offers, null when not said. */
    agreementStatus: z.enum(REQUIREMENT_AGREEMENT_STATUSES).nullable(),
    ownerName: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
    description: z.string().nullable(),
    userType: z.enum(REQUIREMENT_USER_TYPES).nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type Requirement = z.infer<typeof requirementSchema>;

/** `POST /v1/requirements/:id/status`: the customer closes their requirement or opens it again. */
export const requirementStatusRequestSchema = lazySchema(() =>
  z.object({ status: z.enum(REQUIREMENT_STATUSES) }),
);
export type RequirementStatusRequest = z.infer<typeof requirementStatusRequestSchema>;
export const requirementIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));

// ---------------------------------------------------------------- presentations

export const PRESENTATION_PROPERTIES_MAX = 20;
export const PRESENTATION_MESSAGE_MAX = 1000;
/** How many units a project proposal may pick across its projects. */
export const PRESENTATION_UNITS_MAX = 100;

/** `POST /v1/agent/presentations`: the agent's own public listings and a message. */
export const presentationRequestSchema = lazySchema(() =>
  z.object({
    propertyIds: z
      .array(z.uuid({ message: 'presentation.propertiesRequired' }), {
        message: 'presentation.propertiesRequired',
      })
      .min(1, 'presentation.propertiesRequired')
      .max(PRESENTATION_PROPERTIES_MAX, 'presentation.tooMany')
      .refine((ids) => new Set(ids).size === ids.length, 'presentation.propertiesRequired'),
    message: z.preprocess(
      (v) => blankToUndefined(text(v)),
      z.string().max(PRESENTATION_MESSAGE_MAX, 'text.tooLong').optional(),
    ),
  }),
);
export type PresentationRequest = z.infer<typeof presentationRequestSchema>;

/** What the share link shows: the agent's message and the chosen listings' cards. */
export const presentationSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: z.literal('properties'),
    agentName: z.string(),
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /** Only listings still public: one sold or taken off since drops out. */
    properties: z.array(propertySummarySchema),
  }),
);
export type Presentation = z.infer<typeof presentationSchema>;

export const presentationIdParamsSchema = lazySchema(() =>
  z.object({
    id: z.uuid({ message: 'presentation.invalidUrl' }),
  }),
);

export const presentationPdfQuerySchema = lazySchema(() =>
  z.object({ language: z.enum(['en', 'ar']).default('en') }),
);

/**
 * `POST /v1/agent/project-presentations`: published projects of the caller's company (a company:
 * its own; an agent: their company's; a freelance agent, whose company owns none: any published
 * project of the site) and a message. `unitIds` picks units: each must be an available unit of
 * one of the chosen projects; a project none of whose units is picked shows all its available ones.
 */
export const projectPresentationRequestSchema = lazySchema(() =>
  z.object({
    projectIds: z
      .array(z.uuid({ message: 'presentation.projectsRequired' }), {
        message: 'presentation.projectsRequired',
      })
      .min(1, 'presentation.projectsRequired')
      .max(PRESENTATION_PROPERTIES_MAX, 'presentation.tooManyProjects')
      .refine((ids) => new Set(ids).size === ids.length, 'presentation.projectsRequired'),
    unitIds: z
      .array(z.uuid({ message: 'presentation.unitsInvalid' }), { message: 'presentation.unitsInvalid' })
      .max(PRESENTATION_UNITS_MAX, 'presentation.tooManyUnits')
      .refine((ids) => new Set(ids).size === ids.length, 'presentation.unitsInvalid')
      .default([]),
    message: z.preprocess(
      (v) => blankToUndefined(text(v)),
      z.string().max(PRESENTATION_MESSAGE_MAX, 'text.tooLong').optional(),
    ),
  }),
);
export type ProjectPresentationRequest = z.infer<typeof projectPresentationRequestSchema>;

/**
 * What a project proposal's link shows: the message and each project still published with its
 * units still available (a unit reserved or sold since drops out, as does an unpublished project).
 */
export const projectPresentationSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: z.literal('projects'),
    agentName: z.string(),
    message: z.string().nullable(),
    createdAt: z.iso.datetime(),
    /**
     * Each project with the units to show: the picked ones still available when the builder
     * picked some of it (`unitsPicked`), else all its available units.
     */
    projects: z.array(projectDetailSchema.extend({ unitsPicked: z.boolean() })),
  }),
);
export type ProjectPresentation = z.infer<typeof projectPresentationSchema>;

/** Listings' engagement endpoints, relative to `/api/listings`. */
export const ENGAGEMENT_API = {
  /** POST enquiryRequestSchema → enquirySchema (a customer). */
  enquire: (propertyId: string) => `/v1/properties/${propertyId}/enquiries`,
  /** GET → agentResponseSchema (anyone): the agent card's response claim. */
  agentResponse: (propertyId: string) => `/v1/properties/${propertyId}/agent-response`,
  /** GET enquiriesQuerySchema → page of enquirySchema (agent: own; company: its agents'). */
  agentEnquiries: '/v1/agent/enquiries',
  /** POST → enquirySchema: the agent marks it answered. */
  responded: (enquiryId: string) => `/v1/agent/enquiries/${enquiryId}/responded`,
  /** POST requirementRequestSchemaFor(site) → requirementSchema (a customer). */
  requirements: '/v1/requirements',
  /** GET pagination → page of requirementSchema: the caller's own (customer). */
  myRequirements: '/v1/requirements/mine',
  /** POST requirementStatusRequestSchema → requirementSchema (its customer: close or reopen). */
  requirementStatus: (id: string) => `/v1/requirements/${id}/status`,
  /** DELETE → { removed: true } (its customer). */
  requirement: (id: string) => `/v1/requirements/${id}`,
  /** GET pagination → page of requirementSchema matching the agent's listings. */
  agentRequirements: '/v1/agent/requirements',
  /** POST presentationRequestSchema → presentationSchema; GET → page of presentationSchema. */
  agentPresentations: '/v1/agent/presentations',
  /** GET → presentationSchema (anyone with the link). */
  presentation: (id: string) => `/v1/presentations/${id}`,
  /** GET ?language= → application/pdf (anyone with the link). */
  presentationPdf: (id: string) => `/v1/presentations/${id}/pdf`,
  /** POST projectPresentationRequestSchema → projectPresentationSchema; GET → its page (agent, company). */
  agentProjectPresentations: '/v1/agent/project-presentations',
  /** GET pagination → page of projectDetailSchema: the projects the caller may propose, with their available units. */
  proposableProjects: '/v1/agent/proposable-projects',
  /** GET → projectPresentationSchema (anyone with the link). */
  projectPresentation: (id: string) => `/v1/project-presentations/${id}`,
  /** GET ?language= → application/pdf (anyone with the link). */
  projectPresentationPdf: (id: string) => `/v1/project-presentations/${id}/pdf`,
} as const;

/** The share link's path on the site, and its download page. */
export const proposalPath = (id: string) => `/properties-proposal/${id}`;
export const proposalDownloadPath = (id: string) => `/download-properties-proposal/${id}`;
export const projectProposalPath = (id: string) => `/projects-proposal/${id}`;
export const projectProposalDownloadPath = (id: string) => `/download-projects-proposal/${id}`;
