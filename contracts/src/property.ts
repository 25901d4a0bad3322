import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import {
  agreementTypeSchema,
  AGREEMENT_BADGES,
  approvalStatusSchema,
  localizedTextSchema,
  propertyKindSchema,
  propertySummarySchema,
  propertyTypeSlugSchema,
  type PropertyTypeSlug,
} from './listings.js';
import { SITE_FACTS, siteSchema, type Site } from './site.js';
import { normalizeDigits, tidySpaces } from './text.js';
import { regulatorVerifiedSchema, TRAKHEESI_PATTERN } from './rega.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The whole Property of spec §3: its enums, the draft an agent or a company edits (create and
 * update requests carrying every §5 rule), what the owner and the moderators read, and what
 * the public version carries (`listing.approved` v2). Messages are keys of VALIDATION_MESSAGES
 * (validation.ts), so a form and the endpoint give the same text in en and ar.
 */

/** Spec §3 enums, spelled as the spec spells them. */
export const MARKET_STATUSES = [
  'offPlanPrimary',
  'secondaryReady',
  'resalePlanOff',
  'resaleSecondary',
] as const;
export const FURNISHINGS = ['unfurnished', 'semiFurnished', 'furnished'] as const;
export const OCCUPANCIES = ['vacant', 'rented', 'vacantOnTransfer'] as const;
export const FIT_OUTS = ['fitted', 'semiFitted', 'shell', 'core'] as const;
export const OPEN_SPACE_TYPES = ['open', 'covered', 'closed', 'public'] as const;
export const PAYMENT_METHODS = ['mortgaged', 'cash'] as const;
export const FACINGS = ['north', 'west', 'east', 'south'] as const;
export const PROPERTY_CATEGORIES = ['residential', 'commercial'] as const;
export const PROPERTY_PURPOSES = ['buy', 'rent'] as const;
/** Saudi ad: what the regulator is told (display a new ad, update it, cancel it). */
export const AD_OPERATION_TYPES = ['display', 'update', 'cancel'] as const;
export const AD_CHANNELS = ['licensedPlatform', 'bulletinBoard', 'socialMedia', 'radio'] as const;
/** Market state of a listing beside its approval: on the market, sold, or taken off by its owner. */
export const LISTING_STATES = ['active', 'inactive', 'sold'] as const;

export const marketStatusSchema = lazySchema(() => z.enum(MARKET_STATUSES));
export const furnishingSchema = lazySchema(() => z.enum(FURNISHINGS));
export const occupancySchema = lazySchema(() => z.enum(OCCUPANCIES));
export const fitOutSchema = lazySchema(() => z.enum(FIT_OUTS));
export const openSpaceTypeSchema = lazySchema(() => z.enum(OPEN_SPACE_TYPES));
export const paymentMethodSchema = lazySchema(() => z.enum(PAYMENT_METHODS));
export const facingSchema = lazySchema(() => z.enum(FACINGS));
export const listingStateSchema = lazySchema(() => z.enum(LISTING_STATES));

/** Category and purpose follow from the type slug (spec §3: buy, rent, commercial-buy, commercial-rent). */
export function categoryOf(type: PropertyTypeSlug): (typeof PROPERTY_CATEGORIES)[number] {
  return type.startsWith('commercial') ? 'commercial' : 'residential';
}
export function purposeOf(type: PropertyTypeSlug): (typeof PROPERTY_PURPOSES)[number] {
  return type.endsWith('rent') ? 'rent' : 'buy';
}

/** Spec §5 property limits. */
export const PROPERTY_LIMITS = {
  priceMaxChars: 10,
  buaMinChars: 1,
  buaMaxChars: 5,
  titleMax: 150,
  subTitleMax: 200,
  descriptionMax: 5000,
  shortTextMax: 100,
  bedroomsMax: 11,
  amenitiesMax: 50,
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** Typed text: spaces tidied (spec §5 input helpers); blank means "not given". */
const text = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? tidySpaces(value) || undefined : value),
    z.string().max(max, 'text.tooLong').optional(),
  );

/**
 * A positive number as a person types it: Arabic-Indic digits accepted, digits with at most one
 * dot and up to 10 fraction digits, nothing else ("special characters not allowed"), within
 * `maxChars` characters as typed, and greater than 0.
 */
export function typedNumber({
  maxChars = 15,
  minChars = 1,
  lengthKey = 'text.tooLong',
  integer = false,
}: { maxChars?: number; minChars?: number; lengthKey?: string; integer?: boolean } = {}) {
  return z.preprocess(
    (value) => {
      if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
      return typeof value === 'string' ? normalizeDigits(value).trim() : value;
    },
    z
      .string({ message: 'number.invalid' })
      .regex(integer ? /^\d+$/ : /^\d+(\.\d{1,10})?$/, integer ? 'number.integer' : 'number.invalid')
      .min(minChars, lengthKey)
      .max(maxChars, lengthKey)
      .transform(Number)
      .refine((n) => n > 0, 'number.positive'),
  );
}

/** A count that may be 0 (bathrooms, parking…): digits only, Arabic-Indic accepted. */
const count = (max = 999) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizeDigits(value).trim() : value),
    z.coerce
      .number({ message: 'number.invalid' })
      .int('number.integer')
      .min(0, 'number.invalid')
      .max(max, 'number.invalid'),
  );

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Spec §5: a valid URL (http or https). */
export const tourUrlSchema = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.url({ protocol: /^https?$/, message: 'property.url360' }),
  ),
);

/** Spec §5 videos: at most 2 per listing (links and uploads together), mp4, under 50 MB. */
export const VIDEO_LIMITS = { maxPerListing: 2, maxBytes: 50 * 1024 * 1024, types: ['video/mp4'] } as const;

/** Where an uploaded video is served (`POST /v1/properties/:id/videos`), through the gateway. */
export const uploadedVideoPath = (id: string) => `/api/listings/v1/media/videos/${id}`;
const UPLOADED_VIDEO = /^\/api\/listings\/v1\/media\/videos\/[0-9a-f-]{36}$/;
/** The id of an uploaded video from its path (`uploadedVideoPath`), or null for a link. */
export const uploadedVideoId = (path: string): string | null =>
  UPLOADED_VIDEO.test(path) ? path.slice(path.lastIndexOf('/') + 1) : null;

function isWebLink(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A video of a listing: a link (http or https), or the path of a video uploaded to the listing. */
export const videoUrlSchema = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ message: 'video.url' })
      .max(500, 'text.tooLong')
      .refine((value) => UPLOADED_VIDEO.test(value) || isWebLink(value), 'video.url'),
  ),
);

const isoDate = lazySchema(() => z.iso.date({ message: 'date.invalid' }));

/** A border of a Saudi title deed (north/south/east/west). */
export const deedBorderSchema = lazySchema(() =>
  z.object({
    name: text(100),
    description: text(300),
    length: optional(typedNumber({ maxChars: 10 })),
  }),
);

/**
 * Spec §3 Saudi regulator (ad) fields, as the REGA advertisement validator returns them and as
 * the agent types them before validation. All optional in a draft; `creationDate` must come
 * before `endDate`.
 */
export const regulatorFieldsSchema = lazySchema(() =>
  z
    .object({
      advertiserId: text(30),
      advertiserName: text(100),
      advertiserMobile: text(15),
      adLicenseNumber: text(30),
      titleDeedNumber: text(30),
      titleDeedType: text(50),
      platformOwner: text(100),
      platformId: text(50),
      operationType: optional(z.enum(AD_OPERATION_TYPES)),
      operationReason: text(300),
      creationDate: optional(isoDate),
      endDate: optional(isoDate),
      borders: z
        .object({
          north: deedBorderSchema.optional(),
          south: deedBorderSchema.optional(),
          east: deedBorderSchema.optional(),
          west: deedBorderSchema.optional(),
        })
        .optional(),
      landTotalPrice: optional(typedNumber({ maxChars: 15 })),
      totalAnnualRent: optional(typedNumber({ maxChars: 15 })),
      channels: z.array(z.enum(AD_CHANNELS)).max(AD_CHANNELS.length).optional(),
      region: text(100),
      postalCode: text(10),
      streetName: text(100),
      buildingNumber: text(10),
      additionalNumber: text(10),
      adMapCoordinates: z
        .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
        .optional(),
      propertyFace: text(50),
      usage: text(50),
      utilities: z.array(z.string().max(50)).max(20).optional(),
      rooms: optional(count(99)),
      obligations: text(1000),
      guarantees: text(1000),
      planNumber: text(30),
      landNumber: text(30),
      buildingCodeCompliant: z.boolean().optional(),
      isConstrained: z.boolean().optional(),
      isPawned: z.boolean().optional(),
      notes: text(1000),
      localDescription: text(1000),
      brokerageLicenseNumber: text(30),
      adSource: text(50),
    })
    .superRefine((value, ctx) => {
      if (value.creationDate && value.endDate && !(value.creationDate < value.endDate))
        ctx.addIssue({ code: 'custom', message: 'regulator.dates', path: ['endDate'] });
    }),
);
export type RegulatorFields = z.infer<typeof regulatorFieldsSchema>;

const localizedOptional = (max: number) => z.object({ en: text(max), ar: text(max) });

/** A photo of the floor plan or a document, with its title (spec §3). */
export const titledFileSchema = lazySchema(() =>
  z.object({ url: z.string().min(1).max(500), title: text(100) }),
);

/**
 * The fields of a property an owner edits, every one optional so the wizard saves a draft at
 * every step; a choice or a place sent blank is "not given", so a PATCH can clear it. Each field carries its §5 rule; the rules that join fields (rent price, Saudi
 * dates, map bounds) are added per site by `propertyDraftSchemaFor`.
 */
export const propertyFieldsSchema = lazySchema(() =>
  z.object({
    propertyType: propertyTypeSlugSchema.optional(),
    kind: propertyKindSchema.optional(),
    title: localizedOptional(PROPERTY_LIMITS.titleMax).optional(),
    subTitle: localizedOptional(PROPERTY_LIMITS.subTitleMax).optional(),
    description: localizedOptional(PROPERTY_LIMITS.descriptionMax).optional(),
    nearestFacilities: localizedOptional(1000).optional(),
    price: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    priceDaily: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    priceWeekly: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    priceMonthly: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    priceYearly: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    /** Studio is 0 (spec §9: Studio (0) to 11). */
    bedrooms: optional(count(PROPERTY_LIMITS.bedroomsMax)),
    bathrooms: optional(count(20)),
    livingRooms: optional(count(20)),
    guestRooms: optional(count(20)),
    maidsRoom: z.boolean().optional(),
    driverRoom: z.boolean().optional(),
    parking: optional(count(99)),
    openSpaceType: optional(openSpaceTypeSchema),
    amenities: z.array(z.string().trim().min(1).max(50)).max(PROPERTY_LIMITS.amenitiesMax).optional(),
    cheques: optional(typedNumber({ maxChars: 2, integer: true })),
    securityDeposit: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    serviceCharge: optional(
      typedNumber({ maxChars: PROPERTY_LIMITS.priceMaxChars, lengthKey: 'property.priceLength' }),
    ),
    /** Built-up area, in the site's area unit: 1 to 5 characters (spec §5). */
    builtUpArea: optional(
      typedNumber({
        minChars: PROPERTY_LIMITS.buaMinChars,
        maxChars: PROPERTY_LIMITS.buaMaxChars,
        lengthKey: 'property.buaLength',
      }),
    ),
    plotSize: optional(typedNumber({ maxChars: 10 })),
    agreementType: optional(agreementTypeSchema),
    marketStatus: optional(marketStatusSchema),
    furnishing: optional(furnishingSchema),
    occupancy: optional(occupancySchema),
    fitOut: optional(fitOutSchema),
    paymentMethod: optional(paymentMethodSchema),
    facing: optional(facingSchema),
    advertType: text(30),
    layoutType: text(30),
    numberOfFloors: optional(typedNumber({ maxChars: 3, integer: true })),
    floorNumber: optional(count(300)),
    unitNumber: text(15),
    street: text(PROPERTY_LIMITS.shortTextMax),
    streetWidth: optional(typedNumber({ maxChars: 5 })),
    length: optional(typedNumber({ maxChars: 5 })),
    width: optional(typedNumber({ maxChars: 5 })),
    age: optional(count(200)),
    zone: text(PROPERTY_LIMITS.shortTextMax),
    district: text(PROPERTY_LIMITS.shortTextMax),
    cityId: optional(z.string().min(1).max(120)),
    communityId: optional(z.string().min(1).max(120)),
    subCommunityId: optional(z.string().min(1).max(120)),
    buildingId: optional(z.string().min(1).max(120)),
    latitude: optional(z.coerce.number({ message: 'latitude.invalid' })),
    longitude: optional(z.coerce.number({ message: 'longitude.invalid' })),
    videos: z.array(videoUrlSchema).max(2, 'video.count').optional(),
    floorPlans: z.array(titledFileSchema).max(10).optional(),
    tour360Url: optional(tourUrlSchema),
    permitNumber: text(30),
    referenceNumber: text(30),
    advertisementNumber: text(30),
    financialStatus: text(50),
    stage: text(50),
    /** Who shows the property: an agent's own id, or one of the company's agents. */
    agentId: z.uuid().optional(),
    regulator: regulatorFieldsSchema.optional(),
  }),
);
export type PropertyFields = z.infer<typeof propertyFieldsSchema>;

const RENT_PRICES = ['priceDaily', 'priceWeekly', 'priceMonthly', 'priceYearly'] as const;

/** zod skips refinements once a field failed; a form wants every message at once. */
const always = { when: () => true };

/** The rules that join fields, for a site. */
function siteRules(site: Site, value: PropertyFields, ctx: z.RefinementCtx, complete: boolean) {
  if (typeof value !== 'object' || value === null) return;
  const bounds = SITE_FACTS[site].mapBounds;
  const outside = site === 'ae' ? 'location.outsideAe' : 'location.outsideSa';
  // Runs even when other fields failed (`always`), so a value may still be the raw input here.
  if (
    typeof value.latitude === 'number' &&
    !(value.latitude >= bounds.south && value.latitude <= bounds.north)
  )
    ctx.addIssue({ code: 'custom', message: outside, path: ['latitude'] });
  if (
    typeof value.longitude === 'number' &&
    !(value.longitude >= bounds.west && value.longitude <= bounds.east)
  )
    ctx.addIssue({ code: 'custom', message: outside, path: ['longitude'] });
  if (site !== 'sa' && value.regulator !== undefined)
    ctx.addIssue({ code: 'custom', message: 'regulator.saudiOnly', path: ['regulator'] });
  const rent = value.propertyType ? purposeOf(value.propertyType) === 'rent' : false;
  if (
    rent &&
    (complete || RENT_PRICES.some((key) => key in value)) &&
    RENT_PRICES.every((key) => value[key] === undefined)
  )
    ctx.addIssue({ code: 'custom', message: 'property.rentPrice', path: ['priceYearly'] });
}

/**
 * A draft create request (`POST /v1/properties`): the wizard's first step gives the type, the
 * kind and the title in both languages (spec §5: the Arabic title is required); everything
 * else may come later. Site rules: coordinates inside the site's map bounds (§9), regulator
 * fields only on `sa` with creation date before end date, and a rent listing that names any
 * price names at least one of daily/weekly/monthly/yearly.
 */
export function propertyCreateSchemaFor(site: Site) {
  return propertyFieldsSchema
    .extend({
      propertyType: propertyTypeSlugSchema,
      kind: propertyKindSchema,
      title: z.object({
        en: z.preprocess(
          blankToUndefined,
          z.string({ message: 'property.titleRequired' }).max(PROPERTY_LIMITS.titleMax, 'text.tooLong'),
        ),
        ar: z.preprocess(
          blankToUndefined,
          z.string({ message: 'property.titleArRequired' }).max(PROPERTY_LIMITS.titleMax, 'text.tooLong'),
        ),
      }),
    })
    .superRefine((value, ctx) => siteRules(site, value, ctx, false), always);
}

/** A draft update request (`PATCH /v1/properties/:id`): any subset of the fields, same rules. */
export function propertyUpdateSchemaFor(site: Site) {
  return propertyFieldsSchema.superRefine((value, ctx) => siteRules(site, value, ctx, false), always);
}

/**
 * What a property needs before it is sent for approval (draft → pending): every field a
 * listing page shows. Checked on the merged draft by the submit endpoint; a missing field is
 * named with `required`, a missing Arabic title with its own message.
 */
export const SUBMIT_REQUIRED_FIELDS = [
  'propertyType',
  'kind',
  'bathrooms',
  'bedrooms',
  'builtUpArea',
  'agreementType',
  'cityId',
  'communityId',
  'latitude',
  'longitude',
] as const;

/** The city whose listings need a Trakheesi permit number (Dubai Land Department). */
export const DUBAI_CITY_ID = 'ae.dubai';

export function propertySubmitIssues(
  site: Site,
  value: PropertyFields,
): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  for (const field of SUBMIT_REQUIRED_FIELDS)
    if (value[field] === undefined) issues.push({ field, message: 'required' });
  if (!value.title?.en) issues.push({ field: 'title.en', message: 'property.titleRequired' });
  if (!value.title?.ar) issues.push({ field: 'title.ar', message: 'property.titleArRequired' });
  if (value.propertyType && purposeOf(value.propertyType) === 'buy' && value.price === undefined)
    issues.push({ field: 'price', message: 'required' });
  if (
    value.propertyType &&
    purposeOf(value.propertyType) === 'rent' &&
    RENT_PRICES.every((k) => value[k] === undefined)
  )
    issues.push({ field: 'priceYearly', message: 'property.rentPrice' });
  if (site === 'sa' && !value.regulator?.advertiserId)
    issues.push({ field: 'regulator.advertiserId', message: 'required' });
  if (site === 'sa' && !value.regulator?.adLicenseNumber)
    issues.push({ field: 'regulator.adLicenseNumber', message: 'required' });
  // A Dubai listing carries its Trakheesi permit (INTEGRATIONS.md); no API, so its shape is checked.
  if (site === 'ae' && value.cityId === DUBAI_CITY_ID) {
    if (!value.permitNumber) issues.push({ field: 'permitNumber', message: 'property.permitRequired' });
    else if (!TRAKHEESI_PATTERN.test(normalizeDigits(value.permitNumber)))
      issues.push({ field: 'permitNumber', message: 'property.permitFormat' });
  }
  const checked = propertyUpdateSchemaFor(site).safeParse(value);
  if (!checked.success)
    for (const issue of checked.error.issues)
      issues.push({ field: issue.path.join('.'), message: issue.message });
  return issues;
}

/** Spec §9: rent display price is the first positive of daily, weekly, monthly, yearly. */
export function displayPriceOf(
  value: Pick<PropertyFields, 'propertyType' | 'price' | (typeof RENT_PRICES)[number]>,
): number | undefined {
  if (value.propertyType && purposeOf(value.propertyType) === 'rent')
    return RENT_PRICES.map((key) => value[key]).find((price) => price !== undefined && price > 0);
  return value.price;
}

/**
 * A document attached to a property (spec §3 "documents with title"): uploaded as a file
 * (`POST …/documents/file`, multipart `file` + `title`, its type judged by its content), or,
 * for older clients, its metadata only.
 */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg'] as const;
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;
export const propertyDocumentRequestSchema = lazySchema(() =>
  z.object({
    title: z.preprocess(
      (value) => (typeof value === 'string' ? tidySpaces(value) : value),
      z
        .string({ message: 'document.titleRequired' })
        .min(1, 'document.titleRequired')
        .max(100, 'text.tooLong'),
    ),
    fileName: z.string().trim().min(1, 'file.required').max(200, 'text.tooLong'),
    contentType: z.enum(DOCUMENT_TYPES, { message: 'document.type' }),
    sizeBytes: z
      .number()
      .int()
      .min(1, 'file.required')
      .max(DOCUMENT_MAX_BYTES - 1, 'document.size'),
  }),
);
export const propertyDocumentSchema = lazySchema(() =>
  propertyDocumentRequestSchema.extend({
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    /** Gateway path of the stored file, for the owner and the site's admins; null for metadata-only rows. */
    fileUrl: z.string().nullable(),
  }),
);
export type PropertyDocument = z.infer<typeof propertyDocumentSchema>;

/** Spec §5 photos: at least 6 on a listing, at most 10 per selection, each under 2 MB, jpeg/png/jpg/gif. */
export const PHOTO_LIMITS = {
  minPerListing: 6,
  maxPerSelection: 10,
  maxPerListing: 30,
  maxBytes: 2 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/gif'],
  /** Spec §9: images under 40 px get no blur placeholder. */
  blurMinSide: 40,
} as const;

/** The sizes the pages use (width in px, never enlarged): thumbnails, cards, the listing page. */
export const PHOTO_SIZES = { thumb: 320, card: 640, detail: 1280 } as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

export const propertyPhotoSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    position: z.number().int().min(0),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** Gateway paths of each size (webp). */
    urls: z.object({ thumb: z.string(), card: z.string(), detail: z.string() }),
    /** A tiny webp as a data URL to show while the photo loads; null under 40 px (spec §9). */
    blurDataUrl: z.string().nullable(),
  }),
);
export type PropertyPhoto = z.infer<typeof propertyPhotoSchema>;

/** `PUT /v1/properties/:id/photos/order`: every photo id of the listing, in the new order. */
export const photoOrderRequestSchema = lazySchema(() =>
  z.object({
    ids: z.array(z.uuid()).min(1).max(PHOTO_LIMITS.maxPerListing),
  }),
);

/** A location of the hierarchy as a listing carries it: id and names in both languages. */
export const locationRefSchema = lazySchema(() => z.object({ id: z.string(), name: localizedTextSchema }));
export type LocationRef = z.infer<typeof locationRefSchema>;

/** What the owner (and the moderators) read of a property: the draft and its workflow. */
export const ownedPropertySchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    site: siteSchema,
    slug: z.string(),
    approvalStatus: approvalStatusSchema,
    state: listingStateSchema,
    /** The owner's working copy: what they typed, validated field by field. */
    draft: z.record(z.string(), z.unknown()),
    /** The accepted version the public sees, while an edit waits for approval (absent if never accepted). */
    published: z.record(z.string(), z.unknown()).nullable(),
    agentId: z.uuid().nullable(),
    companyId: z.uuid().nullable(),
    rejectedReason: z.string().nullable(),
    rejectedAt: z.iso.datetime().nullable(),
    submittedAt: z.iso.datetime().nullable(),
    approvedAt: z.iso.datetime().nullable(),
    soldAt: z.iso.datetime().nullable(),
    documents: z.array(propertyDocumentSchema),
    photos: z.array(propertyPhotoSchema),
    /** Spec §3 agreement badge of the draft's agreement type (PLATINUM, GOLD, SILVER; shared: none). */
    badge: z.enum(['PLATINUM', 'GOLD', 'SILVER']).nullable(),
    /** What the regulator confirmed of the Saudi ad licence (null: not checked yet, or on `ae`). */
    regulatorVerified: regulatorVerifiedSchema.nullable(),
    /** Share of the fields a complete listing has that are filled (spec §4 completeness indicator). */
    completeness: z.object({ percent: z.number().int().min(0).max(100), missing: z.array(z.string()) }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type OwnedProperty = z.infer<typeof ownedPropertySchema>;

/**
 * A document the owner removed while a version still needed it (the moderation under way, or
 * the public version's): only the site's admins see it. `fileUrl` is null once its bytes are
 * gone (a sold listing's: the row stays for the audit).
 */
export const removedPropertyDocumentSchema = lazySchema(() =>
  propertyDocumentSchema.extend({ removedAt: z.iso.datetime() }),
);
export type RemovedPropertyDocument = z.infer<typeof removedPropertyDocumentSchema>;

/** `GET /v1/admin/properties/:id`: the owner's view plus the documents the owner withdrew. */
export const moderatedPropertySchema = lazySchema(() =>
  ownedPropertySchema.extend({ removedDocuments: z.array(removedPropertyDocumentSchema) }),
);
export type ModeratedProperty = z.infer<typeof moderatedPropertySchema>;

export const propertyRejectRequestSchema = lazySchema(() =>
  z.object({
    reason: z.preprocess(
      (value) => (typeof value === 'string' ? tidySpaces(value) : value),
      z
        .string({ message: 'reject.reasonRequired' })
        .min(5, 'reject.reasonRequired')
        .max(1000, 'text.tooLong'),
    ),
  }),
);
export const propertyStateRequestSchema = lazySchema(() => z.object({ active: z.boolean() }));

/** `GET /v1/admin/properties`: the moderation queue (pending first, oldest submission first). */
export const moderationQueueQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: approvalStatusSchema.default('pending'),
    propertyType: propertyTypeSlugSchema.optional(),
    cityId: z.string().max(120).optional(),
    agentId: z.uuid().optional(),
    companyId: z.uuid().optional(),
    q: z.string().trim().min(1).max(100).optional(),
    /** Submitted on or after / on or before these days (UTC, YYYY-MM-DD). */
    submittedFrom: z.iso.date().optional(),
    submittedTo: z.iso.date().optional(),
  }),
);
export type ModerationQueueQuery = z.infer<typeof moderationQueueQuerySchema>;

/** `GET /v1/owner/properties`: the caller's properties (a company: those of its agents). */
export const myPropertiesQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    status: approvalStatusSchema.optional(),
  }),
);

/**
 * The public version of a listing (payload of `listing.approved` v2): the summary of v1 plus
 * every public field search needs. A superset of the v1 summary, so a v1 reader of the summary
 * keeps its meaning.
 */
export const publishedPropertySchema = lazySchema(() =>
  propertySummarySchema.extend({
    category: z.enum(PROPERTY_CATEGORIES),
    purpose: z.enum(PROPERTY_PURPOSES),
    subTitle: localizedTextSchema.nullable(),
    description: localizedTextSchema.nullable(),
    nearestFacilities: localizedTextSchema.nullable(),
    prices: z.object({
      price: z.number().positive().nullable(),
      daily: z.number().positive().nullable(),
      weekly: z.number().positive().nullable(),
      monthly: z.number().positive().nullable(),
      yearly: z.number().positive().nullable(),
    }),
    location: z.object({
      city: locationRefSchema.nullable(),
      community: locationRefSchema.nullable(),
      subCommunity: locationRefSchema.nullable(),
      building: locationRefSchema.nullable(),
    }),
    facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
    media: z.object({
      photos: z.array(z.string()),
      videos: z.array(z.string()),
      floorPlans: z.array(titledFileSchema),
      tour360Url: z.string().nullable(),
    }),
    /**
     * `nameAr`: the advertiser's name in Arabic, for Arabic pages (absent: `name` on both).
     * Optional, so v2 events published before it still read.
     */
    agent: z.object({ id: z.uuid().nullable(), name: z.string(), nameAr: z.string().optional() }),
    /**
     * The company's names as identity announced them (`identity.company.profile`; the seed's
     * roster names). Optional, so v2 events published before them still read.
     */
    company: z
      .object({ id: z.uuid(), name: z.string().optional(), nameAr: z.string().optional() })
      .nullable(),
    badge: z.enum(['PLATINUM', 'GOLD', 'SILVER']).nullable(),
    regulator: z.record(z.string(), z.unknown()).nullable(),
    /**
     * What the regulator confirmed of the ad licence when it was last checked: shown as
     * "regulator-verified" information. Optional so v2 events published before it still read.
     */
    regulatorVerified: regulatorVerifiedSchema.nullable().optional(),
    permitNumber: z.string().nullable(),
    referenceNumber: z.string().nullable(),
  }),
);
export type PublishedProperty = z.infer<typeof publishedPropertySchema>;

/** Spec §3: exclusive plus → PLATINUM, exclusive → GOLD, non exclusive → SILVER, shared → none. */
export function badgeOf(agreementType: z.infer<typeof agreementTypeSchema> | undefined | null) {
  return (agreementType ? AGREEMENT_BADGES[agreementType] : null) as PublishedProperty['badge'];
}

/**
 * `GET /v1/properties/:slug`: the card of a public listing (v1's summary, unchanged) with its
 * badge and, on `sa`, the regulator-verified ad licence data.
 */
export const publicPropertySchema = lazySchema(() =>
  propertySummarySchema.extend({
    badge: z.enum(['PLATINUM', 'GOLD', 'SILVER']).nullable(),
    regulatorVerified: regulatorVerifiedSchema.nullable(),
  }),
);
export type PublicProperty = z.infer<typeof publicPropertySchema>;

/** The fields a complete listing has, for the completeness indicator (spec §4). */
export const COMPLETENESS_FIELDS = [
  ...SUBMIT_REQUIRED_FIELDS,
  'title',
  'subTitle',
  'description',
  'nearestFacilities',
  'furnishing',
  'marketStatus',
  'occupancy',
  'paymentMethod',
  'facing',
  'parking',
  'amenities',
  'subCommunityId',
  'referenceNumber',
] as const;

/** Texts a listing shows in both languages: each language counts (and is named) on its own. */
const BILINGUAL_FIELDS = new Set<string>(['title', 'subTitle', 'description', 'nearestFacilities']);

/** What else a complete listing has beside its fields: photos, documents, and where it is. */
export interface CompletenessContext {
  site?: Site;
  photos?: number;
  documents?: number;
}

/**
 * The completeness indicator (spec §4): the share (0–100) of what a complete listing has that is
 * filled, and the list of what is missing, named as the form names it (`title.ar`, `priceYearly`,
 * `regulator.adLicenseNumber`, `photos`, …). The price a listing needs follows its purpose; on
 * `sa` the ad licence counts, in Dubai the Trakheesi permit; photos (6) and a document count
 * when the caller knows them.
 */
export function completenessOf(
  value: PropertyFields,
  context: CompletenessContext = {},
): { percent: number; missing: string[] } {
  const checks: [string, boolean][] = [];
  const has = (v: unknown) =>
    v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  for (const field of COMPLETENESS_FIELDS) {
    const v = value[field];
    if (BILINGUAL_FIELDS.has(field)) {
      const text = (v ?? {}) as { en?: string; ar?: string };
      checks.push([`${field}.en`, has(text.en)], [`${field}.ar`, has(text.ar)]);
    } else checks.push([field, has(v)]);
  }
  const purpose = value.propertyType ? purposeOf(value.propertyType) : 'buy';
  if (purpose === 'rent') checks.push(['priceYearly', RENT_PRICES.some((key) => has(value[key]))]);
  else checks.push(['price', has(value.price)]);
  if (context.site === 'sa')
    checks.push(
      ['regulator.advertiserId', has(value.regulator?.advertiserId)],
      ['regulator.adLicenseNumber', has(value.regulator?.adLicenseNumber)],
    );
  if (context.site === 'ae' && value.cityId === DUBAI_CITY_ID)
    checks.push(['permitNumber', has(value.permitNumber)]);
  if (context.photos !== undefined) checks.push(['photos', context.photos >= PHOTO_LIMITS.minPerListing]);
  if (context.documents !== undefined) checks.push(['documents', context.documents >= 1]);
  const missing = checks.filter(([, filled]) => !filled).map(([field]) => field);
  return {
    percent: Math.round((100 * (checks.length - missing.length)) / checks.length),
    missing,
  };
}

/** A line of a property's audit trail (who, when, what): `GET /v1/admin/properties/:id/history`. */
export const propertyAuditEntrySchema = lazySchema(() =>
  z.object({
    actorId: z.uuid().nullable(),
    actorRole: z.enum(['agent', 'company', 'admin', 'user', 'system']),
    action: z.string(),
    detail: z.record(z.string(), z.unknown()),
    at: z.iso.datetime(),
  }),
);
