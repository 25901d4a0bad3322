import { z } from 'zod';
import { pageSchema } from './envelope.js';
import {
  agreementTypeSchema,
  localizedTextSchema,
  propertyKindSchema,
  propertySummarySchema,
  propertyTypeSlugSchema,
  searchPropertiesQuerySchema,
} from './listings.js';
import { locationLevelSchema } from './locations.js';
import {
  furnishingSchema,
  locationRefSchema,
  marketStatusSchema,
  PROPERTY_LIMITS,
  PROPERTY_PURPOSES,
  publishedPropertySchema,
} from './property.js';
import { siteSchema } from './site.js';
import { normalizeArabic, normalizeDigits, tidySpaces } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The search service's API (issue 12): listing search with facet counts, map clusters and pins,
 * location autocomplete, and the property detail page. Every schema here is what the
 * search service validates with and answers; the customer screens build their requests from
 * them. Query strings: lists are repeated keys or comma-separated (`bedrooms=0,1` or
 * `bedrooms=0&bedrooms=1`), booleans `true`/`false`, numbers accept Arabic-Indic digits.
 */

/**
 * The one normalisation used on both sides (indexing and querying, both engines, and the
 * browser when it highlights): Arabic letters normalised (أ إ آ → ا, ة → ه, ى → ي, no tatweel,
 * no diacritics), Arabic-Indic digits as ASCII, Latin lower-cased, spaces tidied.
 */
export function normalizeSearchText(value: string): string {
  return tidySpaces(normalizeArabic(normalizeDigits(value)));
}

/** `?x=a,b`, `?x=a&x=b` or `?x=a` → `['a', 'b']`; blank items dropped. */
function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return undefined;
    const raw = Array.isArray(value) ? value : [value];
    const items = raw
      .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
      .map((entry) => (typeof entry === 'string' ? normalizeDigits(entry).trim() : entry))
      .filter((entry) => entry !== '');
    return items.length === 0 ? undefined : items;
  }, z.array(item).min(1).max(max).optional());
}

/** A query-string number: Arabic-Indic digits accepted, blank means "not given". */
function queryNumber(schema: z.ZodNumber) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const typed = normalizeDigits(value).trim();
    return typed === '' ? undefined : Number(typed);
  }, schema.optional());
}

/** A query-string boolean (`true`/`false`; also `1`/`0`). */
export const queryBooleanSchema = lazySchema(() =>
  z.preprocess(
    (value) => (value === '1' ? 'true' : value === '0' ? 'false' : value),
    z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]),
  ),
);

const intQuery = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? Number(normalizeDigits(value).trim()) : value),
    z.number().int().min(min).max(max),
  );

export const SEARCH_SORTS = ['newest', 'price-asc', 'price-desc', 'area'] as const;
export const searchSortSchema = lazySchema(() => z.enum(SEARCH_SORTS));
export type SearchSort = z.infer<typeof searchSortSchema>;

/** Studio is 0 (spec §9: Studio (0) to 11). */
export const BEDROOM_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const BATHROOM_MAX = 20;

/** A map viewport in degrees (spec §9 bounds): south < north; west < east. */
export const mapBoundsSchema = lazySchema(() =>
  z
    .object({
      north: queryNumber(z.number().min(-90).max(90)),
      south: queryNumber(z.number().min(-90).max(90)),
      east: queryNumber(z.number().min(-180).max(180)),
      west: queryNumber(z.number().min(-180).max(180)),
    })
    .superRefine((value, ctx) => {
      const given = [value.north, value.south, value.east, value.west].filter((v) => v !== undefined);
      if (given.length !== 0 && given.length !== 4)
        ctx.addIssue({ code: 'custom', message: 'bounds.incomplete', path: ['north'] });
      if (value.north !== undefined && value.south !== undefined && !(value.south < value.north))
        ctx.addIssue({ code: 'custom', message: 'bounds.invalid', path: ['south'] });
      if (value.east !== undefined && value.west !== undefined && !(value.west < value.east))
        ctx.addIssue({ code: 'custom', message: 'bounds.invalid', path: ['west'] });
    }),
);
export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/**
 * The filters of a listing search, shared by the list, the map clusters and the map pins.
 * `site`, when given, must be the request's site (the host decides; a mismatch is a 400).
 * `propertyType` is the spec's slug (buy, rent, commercial-buy, commercial-rent) the listing
 * pages use; `purpose` + `commercial` say the same thing field by field (the home search's
 * tabs and toggle); `kind` is the kind of property (apartment, villa…), any of the list.
 * `locationId` is any level of the hierarchy (city, community, sub-community, building);
 * several ids mean any of them. `amenities` must all be present. `q` is the keywords, matched
 * in English and Arabic after `normalizeSearchText`.
 */
const searchFilterShape = {
  site: siteSchema.optional(),
  propertyType: propertyTypeSlugSchema.optional(),
  purpose: z.enum(PROPERTY_PURPOSES).optional(),
  commercial: queryBooleanSchema.optional(),
  kind: listOf(propertyKindSchema, 10),
  locationId: listOf(z.string().min(1).max(120), 10),
  bedrooms: listOf(intQuery(0, PROPERTY_LIMITS.bedroomsMax), 12),
  bathrooms: listOf(intQuery(0, BATHROOM_MAX), 21),
  priceMin: queryNumber(z.number().min(0)),
  priceMax: queryNumber(z.number().min(0)),
  areaMin: queryNumber(z.number().min(0)),
  areaMax: queryNumber(z.number().min(0)),
  furnishing: listOf(furnishingSchema, 3),
  amenities: listOf(z.string().min(1).max(50), 20),
  agreementType: listOf(agreementTypeSchema, 4),
  marketStatus: listOf(marketStatusSchema, 4),
  /** The live listings of one agent or one company (identity's account ids): /agents/[slug], /company/[slug]. */
  agentId: z.uuid().optional(),
  companyId: z.uuid().optional(),
  q: z.preprocess(
    (value) => (typeof value === 'string' ? tidySpaces(value) || undefined : value),
    z.string().min(1).max(100).optional(),
  ),
} as const;

function rangeRules(
  value: Partial<Record<'priceMin' | 'priceMax' | 'areaMin' | 'areaMax', number>>,
  ctx: z.RefinementCtx,
) {
  if (value.priceMin !== undefined && value.priceMax !== undefined && value.priceMin > value.priceMax)
    ctx.addIssue({ code: 'custom', message: 'range.minAboveMax', path: ['priceMax'] });
  if (value.areaMin !== undefined && value.areaMax !== undefined && value.areaMin > value.areaMax)
    ctx.addIssue({ code: 'custom', message: 'range.minAboveMax', path: ['areaMax'] });
}

export const searchFiltersSchema = lazySchema(() => z.object(searchFilterShape).superRefine(rangeRules));
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

const boundsShape = {
  north: mapBoundsSchema.shape.north,
  south: mapBoundsSchema.shape.south,
  east: mapBoundsSchema.shape.east,
  west: mapBoundsSchema.shape.west,
} as const;

function boundsRules(value: Partial<MapBounds>, ctx: z.RefinementCtx) {
  mapBoundsSchema
    .safeParse(value)
    .error?.issues.forEach((issue) =>
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path }),
    );
}

/**
 * `GET /v1/properties`: one page of the site's published listings matching the filters, in
 * `sort` order (newest approval first by default), with the total and, unless
 * `facets=false`, the facet counts. Optional bounds keep a list in step with a map.
 * Pagination as everywhere: `page` (from 1), `limit` (≤ 100).
 */
export const searchQuerySchema = lazySchema(() =>
  searchPropertiesQuerySchema
    .extend({
      ...searchFilterShape,
      ...boundsShape,
      sort: searchSortSchema.default('newest'),
      facets: queryBooleanSchema.default(true),
    })
    .superRefine((value, ctx) => {
      rangeRules(value, ctx);
      boundsRules(value, ctx);
    }),
);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** The list endpoint's query before the search issue; the new query accepts all of it. */
export const listingSearchQuerySchema = searchQuerySchema;
export type ListingSearchQuery = SearchQuery;

/** Spec §9: the price a card shows; a rent shows the first positive of daily…yearly with its period. */
export const PRICE_PERIODS = ['total', 'daily', 'weekly', 'monthly', 'yearly'] as const;
export const displayPriceSchema = lazySchema(() =>
  z.object({
    amount: z.number().positive(),
    period: z.enum(PRICE_PERIODS),
  }),
);
export type DisplayPrice = z.infer<typeof displayPriceSchema>;

/** A search result card: the v1 summary (older readers keep working) plus what the cards and map show. */
export const searchHitSchema = lazySchema(() =>
  propertySummarySchema.extend({
    purpose: z.enum(PROPERTY_PURPOSES),
    commercial: z.boolean(),
    displayPrice: displayPriceSchema,
    location: publishedPropertySchema.shape.location,
    subTitle: localizedTextSchema.nullable(),
    furnishing: furnishingSchema.nullable(),
    marketStatus: marketStatusSchema.nullable(),
    amenities: z.array(z.string()),
    badge: publishedPropertySchema.shape.badge,
    photos: z.array(z.string()),
    photoCount: z.number().int().min(0),
    hasVideo: z.boolean(),
    hasTour: z.boolean(),
    agent: publishedPropertySchema.shape.agent,
    company: publishedPropertySchema.shape.company,
    /** False when the listing's coordinates are only its area's (spec §8: 'Exact location not available.'). */
    exactLocation: z.boolean(),
  }),
);
export type SearchHit = z.infer<typeof searchHitSchema>;

/** One value of a facet with the number of listings it would give. */
export const facetBucketSchema = <T extends z.ZodType>(value: T) =>
  z.object({ value, count: z.number().int().min(0) });
export const locationFacetBucketSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    level: locationLevelSchema,
    name: localizedTextSchema,
    count: z.number().int().min(0),
  }),
);

/**
 * Facet counts of a search. The multi-choice facets (propertyType, kind, bedrooms, bathrooms,
 * furnishing, agreementType, marketStatus) are counted with every other filter applied but
 * not their own, so choosing "2 bedrooms" still shows how many 3-bedroom listings there are.
 * `location` counts the places one level below the deepest chosen location (the cities when
 * none is chosen) within the whole filtered set. Values with no listing are left out.
 */
export const searchFacetsSchema = lazySchema(() =>
  z.object({
    propertyType: z.array(facetBucketSchema(propertyTypeSlugSchema)),
    kind: z.array(facetBucketSchema(propertyKindSchema)),
    bedrooms: z.array(facetBucketSchema(z.number().int())),
    bathrooms: z.array(facetBucketSchema(z.number().int())),
    furnishing: z.array(facetBucketSchema(furnishingSchema)),
    agreementType: z.array(facetBucketSchema(agreementTypeSchema)),
    marketStatus: z.array(facetBucketSchema(marketStatusSchema)),
    location: z.array(locationFacetBucketSchema),
  }),
);
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

/** `GET /v1/properties` answer: `{ items, page, limit, total, facets }` (facets null when not asked). */
export const searchResultPageSchema = lazySchema(() =>
  pageSchema(searchHitSchema).extend({
    facets: searchFacetsSchema.nullable(),
  }),
);
export type SearchResultPage = z.infer<typeof searchResultPageSchema>;

/**
 * `GET /v1/map/clusters?north&south&east&west&zoom&…filters`: listings of the viewport grouped
 * in grid cells whose size follows the zoom (geohash precision); each cluster gives its count,
 * the centre of its listings (mean position) and the cell's bounds. The number of cells is
 * bounded by the viewport and zoom (at most `MAP_CLUSTER_MAX`), so it is not paginated.
 */
export const MAP_CLUSTER_MAX = 1000;
const coordinate = (limit: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? Number(normalizeDigits(value).trim()) : value),
    z.number().min(-limit).max(limit),
  );
const requiredBoundsShape = {
  north: coordinate(90),
  south: coordinate(90),
  east: coordinate(180),
  west: coordinate(180),
} as const;
export const mapClustersQuerySchema = lazySchema(() =>
  z
    .object({
      ...searchFilterShape,
      ...requiredBoundsShape,
      zoom: intQuery(0, 22),
    })
    .superRefine((value, ctx) => {
      rangeRules(value, ctx);
      boundsRules(value, ctx);
    }),
);
export type MapClustersQuery = z.infer<typeof mapClustersQuerySchema>;

export const latLngSchema = lazySchema(() => z.object({ lat: z.number(), lng: z.number() }));
export const mapClusterSchema = lazySchema(() =>
  z.object({
    /** The grid cell (a geohash). */
    key: z.string(),
    count: z.number().int().min(1),
    centre: latLngSchema,
    bounds: z.object({ north: z.number(), south: z.number(), east: z.number(), west: z.number() }),
  }),
);
export type MapCluster = z.infer<typeof mapClusterSchema>;
export const mapClustersSchema = lazySchema(() =>
  z.object({
    clusters: z.array(mapClusterSchema),
    /** Listings in the viewport matching the filters. */
    total: z.number().int().min(0),
    /** Geohash precision used for this zoom. */
    precision: z.number().int().min(1).max(12),
  }),
);
export type MapClusters = z.infer<typeof mapClustersSchema>;

/** Geohash precision of the cluster grid for a map zoom (about 4–8 cells across a viewport). */
export function clusterPrecisionForZoom(zoom: number): number {
  return Math.max(1, Math.min(9, Math.floor((zoom + 1) / 2.5) + 1));
}

/**
 * `GET /v1/map/pins?north&south&east&west&…filters&page&limit`: the listings of a (small)
 * viewport as map markers, newest first; `limit` up to `MAP_PIN_LIMIT_MAX`.
 */
export const MAP_PIN_LIMIT_MAX = 500;
export const mapPinsQuerySchema = lazySchema(() =>
  z
    .object({
      ...searchFilterShape,
      ...requiredBoundsShape,
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(MAP_PIN_LIMIT_MAX).default(200),
    })
    .superRefine((value, ctx) => {
      rangeRules(value, ctx);
      boundsRules(value, ctx);
    }),
);
export type MapPinsQuery = z.infer<typeof mapPinsQuerySchema>;

export const mapPinSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    slug: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    exactLocation: z.boolean(),
    title: localizedTextSchema,
    kind: propertyKindSchema,
    propertyType: propertyTypeSlugSchema,
    bedrooms: z.number().int(),
    displayPrice: displayPriceSchema,
    currency: z.enum(['AED', 'SAR']),
    coverPhoto: z.string(),
  }),
);
export type MapPin = z.infer<typeof mapPinSchema>;
export const mapPinsPageSchema = lazySchema(() => pageSchema(mapPinSchema));

/**
 * `GET /v1/locations/autocomplete?q=…&level=…&limit=…`: places of the site's hierarchy (city,
 * community, sub-community, building) whose English or Arabic name matches `q` (prefix or
 * trigram similarity after `normalizeSearchText`), best match first, then the most listings.
 * Built from the places the listing events carry, so each has its count of live listings.
 */
export const locationAutocompleteQuerySchema = lazySchema(() =>
  z.object({
    q: z.preprocess(
      (value) => (typeof value === 'string' ? tidySpaces(value) : value),
      z.string().min(1).max(100),
    ),
    level: listOf(locationLevelSchema, 4),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(20).default(10),
  }),
);
export type LocationAutocompleteQuery = z.infer<typeof locationAutocompleteQuerySchema>;

export const locationSuggestionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    level: locationLevelSchema,
    name: localizedTextSchema,
    /** The place and its parents, nearest first: "Marina Gate, Dubai Marina, Dubai" in each language. */
    path: localizedTextSchema,
    parentId: z.string().nullable(),
    /** Live listings in the place (and below it). */
    count: z.number().int().min(0),
    centre: latLngSchema.nullable(),
  }),
);
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;
export const locationSuggestionsPageSchema = lazySchema(() => pageSchema(locationSuggestionSchema));

/** A nearby listing with its great-circle distance (haversine, R = 6371 km). */
export const EARTH_RADIUS_KM = 6371;
export const nearbyHitSchema = lazySchema(() => searchHitSchema.extend({ distanceKm: z.number().min(0) }));
export type NearbyHit = z.infer<typeof nearbyHitSchema>;

/** Great-circle distance in km between two points (haversine on a sphere of radius 6371 km). */
export function greatCircleKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Area price trend (spec §2 property detail "price trends of the area"): per month, the median
 * price per area unit and the count of listings approved that month in the listing's area
 * (its community, else its city) with the same purpose, from the read model's history.
 */
export const priceTrendPointSchema = lazySchema(() =>
  z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    medianPricePerArea: z.number().min(0),
    averagePrice: z.number().min(0),
    count: z.number().int().min(1),
  }),
);
export const priceTrendSchema = lazySchema(() =>
  z.object({
    location: locationRefSchema.nullable(),
    purpose: z.enum(PROPERTY_PURPOSES),
    currency: z.enum(['AED', 'SAR']),
    areaUnit: z.enum(['sqft', 'sqm']),
    points: z.array(priceTrendPointSchema),
  }),
);
export type PriceTrend = z.infer<typeof priceTrendSchema>;

/** `GET /v1/properties/:slug` params, and how many nearby/similar the detail carries. */
export const propertyDetailParamsSchema = lazySchema(() =>
  z.object({ slug: z.string().trim().min(1).max(200) }),
);
export const DETAIL_RELATED_COUNT = 6;
export const NEARBY_RADIUS_KM = 5;

/**
 * `GET /v1/properties/:slug`: the public listing (everything `listing.approved` v2 carries,
 * plus the card fields), up to 6 nearby listings (great-circle distance within 5 km, nearest
 * first), up to 6 similar ones (same purpose and kind in the same community or city, closest
 * price first) and the area's price trend. 404 when the slug is not published on the site.
 */
/**
 * How the property page's agent card reaches the listing's agent (call, WhatsApp, e-mail):
 * what identity's `identity.agent.contact` last said of a listed agent. Null when the agent is
 * unknown to search, not in the directory, or deleted: the card then offers the site's
 * contact centre.
 */
export const agentContactSchema = lazySchema(() =>
  z.object({
    /** "+971501000003". */
    phone: z.string().nullable(),
    /** The WhatsApp number (digits only, for wa.me), or null when the mobile takes no WhatsApp. */
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
  }),
);
export type AgentContact = z.infer<typeof agentContactSchema>;

export const propertyDetailSchema = lazySchema(() =>
  z.object({
    listing: publishedPropertySchema.extend({
      displayPrice: displayPriceSchema,
      exactLocation: z.boolean(),
    }),
    /** Optional: answers of a search service from before it carried contacts still read. */
    agentContact: agentContactSchema.nullable().optional(),
    nearby: z.array(nearbyHitSchema),
    similar: z.array(searchHitSchema),
    priceTrend: priceTrendSchema,
  }),
);
export type PropertyDetail = z.infer<typeof propertyDetailSchema>;

/**
 * `GET /v1/sitemap/listings?page&limit`: the site's published property pages for the sitemaps
 * (gateway), newest approval first: the slug and when the last event changed the listing. Read
 * from the read model, so an approval, a sale or a deactivation shows in the next answer.
 */
export const sitemapListingSchema = lazySchema(() =>
  z.object({ slug: z.string(), lastmod: z.iso.datetime() }),
);
export type SitemapListing = z.infer<typeof sitemapListingSchema>;
export const sitemapListingsPageSchema = lazySchema(() => pageSchema(sitemapListingSchema));

/** The search service's paths (through the gateway under `/api/search`). */
export const SEARCH_API = {
  properties: '/v1/properties',
  property: (slug: string) => `/v1/properties/${encodeURIComponent(slug)}`,
  clusters: '/v1/map/clusters',
  pins: '/v1/map/pins',
  autocomplete: '/v1/locations/autocomplete',
  sitemap: '/v1/sitemap/listings',
} as const;
