import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CONTENT_API,
  SEARCH_API,
  locationSuggestionsPageSchema,
  masterDataSchema,
  propertyDetailSchema,
  searchResultPageSchema,
  type Language,
  type LocationLevel,
  type PropertyTypeSlug,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';
import { bathroomCounts, type SearchFilters } from './search-filters.js';

export const PAGE_SIZE = 20;

/** The search feature's reads: one cache entry per list a visitor can be on. */
export const searchKeys = {
  all: ['search'] as const,
  properties: (propertyType: PropertyTypeSlug, query: Record<string, unknown>, language: Language) =>
    ['search', 'properties', { propertyType, query, language }] as const,
  locations: (typed: string, levels: string, language: Language) =>
    ['search', 'locations', { typed, levels, language }] as const,
  property: (slug: string, language: Language) => ['search', 'property', { slug, language }] as const,
};

const list = (values: readonly (string | number)[]) => (values.length > 0 ? values.join(',') : undefined);

/**
 * The search API's query (contracts' `searchQuerySchema`) for the page's type and the URL's
 * filters; `locationIds` are the chosen places' ids as the search service knows them.
 */
export function apiSearchQuery(
  propertyType: PropertyTypeSlug,
  filters: SearchFilters,
  locationIds: readonly string[],
): Record<string, string | number | undefined> {
  return {
    propertyType,
    kind: filters.kind,
    locationId: list(locationIds),
    bedrooms: list(filters.bedrooms),
    bathrooms: list(bathroomCounts(filters.bathrooms)),
    priceMin: filters.minPrice,
    priceMax: filters.maxPrice,
    areaMin: filters.minArea,
    areaMax: filters.maxArea,
    furnishing: filters.furnishing,
    amenities: list(filters.amenities),
    agreementType: filters.agreement,
    marketStatus: filters.marketStatus,
    q: filters.keywords,
    sort: filters.sort,
  };
}

/**
 * GET /api/search/v1/properties with the filters, page after page ("load more"); the first
 * page carries the facet counts. A list stays fresh for five minutes: going back to it shows
 * every page loaded so far, without asking again.
 */
export const propertiesQuery = (
  propertyType: PropertyTypeSlug,
  filters: SearchFilters,
  locationIds: readonly string[],
  language: Language,
) => {
  const query = apiSearchQuery(propertyType, filters, locationIds);
  return infiniteQueryOptions({
    queryKey: searchKeys.properties(propertyType, query, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn(`/api/search${SEARCH_API.properties}`, {
        language,
        query: { ...query, facets: pageParam === 1 ? undefined : 'false', page: pageParam, limit: PAGE_SIZE },
        results: searchResultPageSchema,
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });
};

/** The places whose English or Arabic name matches what is typed, best first (search's autocomplete). */
export const locationSuggestionsQuery = (typed: string, language: Language, levels: LocationLevel[] = []) =>
  queryOptions({
    queryKey: searchKeys.locations(typed, levels.join(','), language),
    queryFn: async ({ signal }) =>
      (
        await apiQueryFn(`/api/search${SEARCH_API.autocomplete}`, {
          language,
          query: { q: typed, level: list(levels), limit: 8 },
          results: locationSuggestionsPageSchema,
        })({ signal })
      ).items,
    staleTime: 10 * 60_000,
  });

/** GET /api/search/v1/properties/:slug: the listing, nearby and similar ones, and the area's price trend. */
export const propertyDetailQuery = (slug: string, language: Language) =>
  queryOptions({
    queryKey: searchKeys.property(slug, language),
    queryFn: apiQueryFn(`/api/search${SEARCH_API.property(slug)}`, {
      language,
      results: propertyDetailSchema,
    }),
    staleTime: 60_000,
  });

/** The content service's option lists (kinds, furnishing, amenities) in the page's language. */
export const masterDataQuery = (language: Language) =>
  queryOptions({
    queryKey: ['content', language, CONTENT_API.masterData, {}] as const,
    queryFn: apiQueryFn(`/api/content${CONTENT_API.masterData}`, { language, results: masterDataSchema }),
    staleTime: 30 * 60_000,
  });
