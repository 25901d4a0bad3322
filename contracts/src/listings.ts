import { z } from 'zod';
import { siteSchema } from './site.js';
import { lazySchema } from './lazy-schema.js';

/** Spec §3: property type slugs, one listing page each. */
export const PROPERTY_TYPE_SLUGS = ['buy', 'rent', 'commercial-buy', 'commercial-rent'] as const;
export const propertyTypeSlugSchema = lazySchema(() => z.enum(PROPERTY_TYPE_SLUGS));
export type PropertyTypeSlug = z.infer<typeof propertyTypeSlugSchema>;

/** Spec §2: the English path of each listing page. */
export const LISTING_PATHS: Record<PropertyTypeSlug, string> = {
  buy: '/buy/properties-for-sale',
  rent: '/rent/properties-for-rent',
  'commercial-buy': '/commercial/properties-for-sale',
  'commercial-rent': '/commercial/properties-for-rent',
};

export const PROPERTY_KINDS = [
  'apartment',
  'villa',
  'townhouse',
  'penthouse',
  'duplex',
  'land',
  'hotel-apartment',
  'full-building',
  'office',
] as const;
export const propertyKindSchema = lazySchema(() => z.enum(PROPERTY_KINDS));

export const APPROVAL_STATUSES = ['draft', 'pending', 'accepted', 'rejected'] as const;
export const approvalStatusSchema = lazySchema(() => z.enum(APPROVAL_STATUSES));

/** Spec §3 agreement types and their badges. */
export const AGREEMENT_TYPES = ['exclusive-plus', 'exclusive', 'non-exclusive', 'shared'] as const;
export const agreementTypeSchema = lazySchema(() => z.enum(AGREEMENT_TYPES));
export const AGREEMENT_BADGES: Record<z.infer<typeof agreementTypeSchema>, string | null> = {
  'exclusive-plus': 'PLATINUM',
  exclusive: 'GOLD',
  'non-exclusive': 'SILVER',
  shared: null,
};

export const localizedTextSchema = lazySchema(() => z.object({ en: z.string(), ar: z.string() }));
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/**
 * What a published listing looks like to readers (search read model, cards). Carried by
 * `listing.approved` so the search service never reads the listings database.
 */
export const propertySummarySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    site: siteSchema,
    slug: z.string(),
    title: localizedTextSchema,
    propertyType: propertyTypeSlugSchema,
    kind: propertyKindSchema,
    price: z.number().positive(),
    currency: z.enum(['AED', 'SAR']),
    bedrooms: z.number().int().min(0).max(11),
    bathrooms: z.number().int().min(0),
    area: z.number().positive(),
    areaUnit: z.enum(['sqft', 'sqm']),
    city: localizedTextSchema,
    community: localizedTextSchema,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    coverPhoto: z.string(),
    agreementType: agreementTypeSchema,
    agentName: z.string(),
    approvedAt: z.iso.datetime(),
  }),
);
export type PropertySummary = z.infer<typeof propertySummarySchema>;

export const searchPropertiesQuerySchema = lazySchema(() =>
  z.object({
    propertyType: propertyTypeSlugSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export type SearchPropertiesQuery = z.infer<typeof searchPropertiesQuerySchema>;

/** `GET /v1/properties/:slug` of the listings service. */
export const propertySlugParamsSchema = lazySchema(() =>
  z.object({ slug: z.string().trim().min(1).max(200) }),
);

/** `/v1/admin/properties/:id/...` of the listings service. */
export const propertyIdParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));

/** `/v1/properties/:id/documents/:documentId` (delete) and `/v1/owner/properties/:id/documents/:documentId/file`. */
export const propertyDocumentParamsSchema = lazySchema(() =>
  z.object({ id: z.uuid(), documentId: z.uuid() }),
);
export type PropertyDocumentParams = z.infer<typeof propertyDocumentParamsSchema>;
