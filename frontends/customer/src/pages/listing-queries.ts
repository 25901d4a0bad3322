import { infiniteQueryOptions } from '@tanstack/react-query';
import { pageSchema, propertySummarySchema, type Language, type PropertyTypeSlug } from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';

export const PAGE_SIZE = 20;
const resultsSchema = pageSchema(propertySummarySchema);

/** The search feature's reads: one cache entry per list a visitor can be on. */
export const searchKeys = {
  all: ['search'] as const,
  properties: (propertyType: PropertyTypeSlug, language: Language) =>
    ['search', 'properties', { propertyType, language }] as const,
};

/**
 * GET /api/search/v1/properties?propertyType=…&page=…&limit=20, page after page ("load more").
 * A list stays fresh for five minutes: going back to it shows every page loaded so far, where
 * the visitor left it, without asking again.
 */
export const propertiesQuery = (propertyType: PropertyTypeSlug, language: Language) =>
  infiniteQueryOptions({
    queryKey: searchKeys.properties(propertyType, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn('/api/search/v1/properties', {
        language,
        query: { propertyType, page: pageParam, limit: PAGE_SIZE },
        results: resultsSchema,
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });
