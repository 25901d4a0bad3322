import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CONTENT_API,
  LISTINGS_API,
  locationSchema,
  localizedTextSchema,
  masterDataSchema,
  pageSchema,
  propertySummarySchema,
  type Language,
  type PropertyTypeSlug,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';
import { filtersToParams, type SearchFilters } from './search-filters.js';

export const PAGE_SIZE = 20;
const resultsSchema = pageSchema(propertySummarySchema);

/** A place offered by the location box: the hierarchy's entry, with the name of the place above it. */
export const locationSuggestionSchema = locationSchema.extend({
  parentName: localizedTextSchema.nullable().optional(),
});
export type LocationSuggestion = z.infer<typeof locationSuggestionSchema>;

/** The search feature's reads: one cache entry per list a visitor can be on. */
export const searchKeys = {
  all: ['search'] as const,
  properties: (propertyType: PropertyTypeSlug, query: string, language: Language) =>
    ['search', 'properties', { propertyType, query, language }] as const,
  locations: (typed: string, language: Language) => ['search', 'locations', { typed, language }] as const,
};

/** The API's query for a list: the page's type and the URL's filters. */
export function searchQueryParams(propertyType: PropertyTypeSlug, filters: SearchFilters): URLSearchParams {
  const params = filtersToParams(filters);
  params.set('propertyType', propertyType);
  return params;
}

/**
 * GET /api/search/v1/properties with the filters, page after page ("load more"). A list stays
 * fresh for five minutes: going back to it shows every page loaded so far, without asking again.
 */
export const propertiesQuery = (
  propertyType: PropertyTypeSlug,
  filters: SearchFilters,
  language: Language,
) => {
  const params = searchQueryParams(propertyType, filters);
  const key = params.toString();
  return infiniteQueryOptions({
    queryKey: searchKeys.properties(propertyType, key, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn('/api/search/v1/properties', {
        language,
        query: { ...Object.fromEntries(params), page: pageParam, limit: PAGE_SIZE },
        results: resultsSchema,
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });
};

const suggestionsSchema = pageSchema(locationSuggestionSchema);

/** The places whose English or Arabic name matches what is typed (the listings service's hierarchy). */
export const locationSuggestionsQuery = (typed: string, language: Language) =>
  queryOptions({
    queryKey: searchKeys.locations(typed, language),
    queryFn: async ({ signal }) =>
      (
        await apiQueryFn(`/api/listings${LISTINGS_API.locations}`, {
          language,
          query: { q: typed, limit: 8 },
          results: suggestionsSchema,
        })({ signal })
      ).items,
    staleTime: 10 * 60_000,
  });

/** The content service's option lists (kinds, furnishing, amenities) in the page's language. */
export const masterDataQuery = (language: Language) =>
  queryOptions({
    queryKey: ['content', language, CONTENT_API.masterData, {}] as const,
    queryFn: apiQueryFn(`/api/content${CONTENT_API.masterData}`, { language, results: masterDataSchema }),
    staleTime: 30 * 60_000,
  });
