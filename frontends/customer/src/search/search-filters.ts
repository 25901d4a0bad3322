import {
  AGREEMENT_TYPES,
  BATHROOM_MAX,
  BEDROOM_CHOICES,
  SEARCH_SORTS,
  FURNISHINGS,
  LOCATION_LEVELS,
  MARKET_STATUSES,
  PROPERTY_KINDS,
  PROPERTY_LIMITS,
  listingPagePath,
  normalizeDigits,
  tidySpaces,
  type Language,
  type LocationLevel,
  type PropertyTypeSlug,
  type SearchSort,
} from '@manzil/contracts';

/**
 * The filters of a property search as they live in the address bar, so a search is a link:
 * the home search writes them, the listing pages read and rewrite them, the map toggle carries
 * them to /map-search. The footer's quick searches (spec §2) use three of these names as they
 * are: `propertyType`, `type` (the kind: apartment, villa…) and `locationSelected` (a JSON
 * list of `{ id, name, type }`). A value that cannot be read is dropped, never an error: a
 * hand-edited link still opens a list.
 */

export { BEDROOM_CHOICES, SEARCH_SORTS as SORTS };
export type Sort = SearchSort;
export const DEFAULT_SORT: Sort = 'newest';

/** Bathrooms offered: 1 to 6 as they are, and "7+" for 7 and more. */
export const BATHROOM_CHOICES = [1, 2, 3, 4, 5, 6, 7] as const;
export const BATHROOMS_PLUS = 7;

export type PropertyKind = (typeof PROPERTY_KINDS)[number];
export type Furnishing = (typeof FURNISHINGS)[number];
export type AgreementType = (typeof AGREEMENT_TYPES)[number];
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** A place chosen in the location box, as `locationSelected` carries it. */
export interface SelectedLocation {
  id: string;
  name: string;
  type: LocationLevel;
}

export interface SearchFilters {
  kind?: PropertyKind;
  locations: SelectedLocation[];
  bedrooms: number[];
  /** Bathroom counts chosen; 7 stands for "7 or more". */
  bathrooms: number[];
  minPrice?: number;
  maxPrice?: number;
  minArea?: number;
  maxArea?: number;
  furnishing?: Furnishing;
  amenities: string[];
  agreement?: AgreementType;
  marketStatus?: MarketStatus;
  keywords?: string;
  sort: Sort;
}

export const EMPTY_FILTERS: SearchFilters = {
  locations: [],
  bedrooms: [],
  bathrooms: [],
  amenities: [],
  sort: DEFAULT_SORT,
};

/** The query parameters this module owns; any other (the footer's `propertyType`, `lang`) is kept as it was. */
export const FILTER_PARAMS = [
  'type',
  'locationSelected',
  'beds',
  'baths',
  'minPrice',
  'maxPrice',
  'minArea',
  'maxArea',
  'furnishing',
  'amenities',
  'agreement',
  'marketStatus',
  'keywords',
  'sort',
] as const;

const MAX_LOCATIONS = 5;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * A non-negative amount as a person types it: Arabic-Indic digits, thousands separators
 * (`,` or the Arabic `٬`) and spaces accepted; anything else is not a number (undefined).
 */
export function parseAmount(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const plain = normalizeDigits(value)
    .replace(/[\s,\u066C]/g, '')
    .replace(/\u066B/g, '.');
  if (!/^\d+(\.\d+)?$/.test(plain)) return undefined;
  const amount = Number(plain);
  return Number.isFinite(amount) ? amount : undefined;
}

function parseList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function parseLocations(value: string | null): SelectedLocation[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(
      (entry): entry is SelectedLocation =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof (entry as SelectedLocation).id === 'string' &&
        typeof (entry as SelectedLocation).name === 'string' &&
        (LOCATION_LEVELS as readonly string[]).includes((entry as SelectedLocation).type),
    )
    .slice(0, MAX_LOCATIONS)
    .map(({ id, name, type }) => ({ id, name, type }));
}

/** A min/max pair in order: swapped when typed the wrong way round. */
function ordered(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

function parseCounts(value: string | null, allowed: readonly number[]): number[] {
  return [
    ...new Set(
      parseList(value)
        .map((part) => (part.toLowerCase() === 'studio' ? 0 : parseAmount(part)))
        .filter((n): n is number => n !== undefined && allowed.includes(n)),
    ),
  ].sort((a, b) => a - b);
}

/** The filters of a query string (`?type=villa&beds=0,2…`). */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const [minPrice, maxPrice] = ordered(
    parseAmount(params.get('minPrice')),
    parseAmount(params.get('maxPrice')),
  );
  const [minArea, maxArea] = ordered(parseAmount(params.get('minArea')), parseAmount(params.get('maxArea')));
  const keywords = tidySpaces(params.get('keywords') ?? '').slice(0, 100);
  return {
    kind: oneOf(PROPERTY_KINDS, params.get('type')),
    locations: parseLocations(params.get('locationSelected')),
    bedrooms: parseCounts(params.get('beds'), BEDROOM_CHOICES),
    bathrooms: parseCounts(params.get('baths'), BATHROOM_CHOICES),
    minPrice,
    maxPrice,
    minArea,
    maxArea,
    furnishing: oneOf(FURNISHINGS, params.get('furnishing')),
    amenities: [...new Set(parseList(params.get('amenities')))].slice(0, PROPERTY_LIMITS.amenitiesMax),
    agreement: oneOf(AGREEMENT_TYPES, params.get('agreement')),
    marketStatus: oneOf(MARKET_STATUSES, params.get('marketStatus')),
    keywords: keywords || undefined,
    sort: oneOf(SEARCH_SORTS, params.get('sort')) ?? DEFAULT_SORT,
  };
}

/**
 * The filters written into a query string, starting from `base` (whose other parameters are
 * kept): only what is set, in a fixed order, so the same search is always the same link.
 */
export function filtersToParams(filters: SearchFilters, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of FILTER_PARAMS) params.delete(name);
  const set = (name: (typeof FILTER_PARAMS)[number], value: string | number | undefined) => {
    if (value !== undefined && value !== '') params.set(name, String(value));
  };
  set('type', filters.kind);
  if (filters.locations.length > 0) params.set('locationSelected', JSON.stringify(filters.locations));
  if (filters.bedrooms.length > 0) set('beds', filters.bedrooms.join(','));
  if (filters.bathrooms.length > 0) set('baths', filters.bathrooms.join(','));
  set('minPrice', filters.minPrice);
  set('maxPrice', filters.maxPrice);
  set('minArea', filters.minArea);
  set('maxArea', filters.maxArea);
  set('furnishing', filters.furnishing);
  if (filters.amenities.length > 0) set('amenities', filters.amenities.join(','));
  set('agreement', filters.agreement);
  set('marketStatus', filters.marketStatus);
  set('keywords', filters.keywords);
  if (filters.sort !== DEFAULT_SORT) set('sort', filters.sort);
  return params;
}

/** How many filters narrow the list (the "Filters (3)" badge); sort is not a filter. */
export function activeFilterCount(filters: SearchFilters): number {
  return (
    (filters.kind ? 1 : 0) +
    filters.locations.length +
    (filters.bedrooms.length > 0 ? 1 : 0) +
    (filters.bathrooms.length > 0 ? 1 : 0) +
    (filters.minPrice !== undefined || filters.maxPrice !== undefined ? 1 : 0) +
    (filters.minArea !== undefined || filters.maxArea !== undefined ? 1 : 0) +
    (filters.furnishing ? 1 : 0) +
    filters.amenities.length +
    (filters.agreement ? 1 : 0) +
    (filters.marketStatus ? 1 : 0) +
    (filters.keywords ? 1 : 0)
  );
}

/** The listing page of a search (spec §2 table): purpose, and commercial or not. */
export function listingTypeOf(purpose: 'buy' | 'rent', commercial: boolean): PropertyTypeSlug {
  return commercial ? (`commercial-${purpose}` as const) : purpose;
}

/** The listing page's address with the filters, in the page's language (Arabic slugs in Arabic). */
export function searchHref(type: PropertyTypeSlug, filters: SearchFilters, language: Language): string {
  const query = filtersToParams(filters).toString();
  return `${listingPagePath(type, language)}${query ? `?${query}` : ''}`;
}

/** The same search on the map (/map-search), its property type named since the map has no path per type. */
export function mapSearchHref(
  type: PropertyTypeSlug,
  filters: SearchFilters,
  base?: URLSearchParams,
): string {
  const params = filtersToParams(filters, base);
  params.set('propertyType', type);
  return `/map-search?${params.toString()}`;
}

/** Bathroom choices as counts the API filters by: "7+" is 7 up to the most a listing may have. */
export function bathroomCounts(choices: readonly number[]): number[] {
  return choices.flatMap((n) =>
    n === BATHROOMS_PLUS ? Array.from({ length: BATHROOM_MAX - n + 1 }, (_, i) => n + i) : [n],
  );
}
