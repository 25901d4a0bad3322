import type { MapBounds, SearchFilters } from '@manzil/contracts';

/** The facets counted "with every other filter but their own" (contracts: searchFacetsSchema). */
export const MULTI_FACETS = [
  'propertyType',
  'kind',
  'bedrooms',
  'bathrooms',
  'furnishing',
  'agreementType',
  'marketStatus',
] as const;
export type MultiFacet = (typeof MULTI_FACETS)[number];

/** The value a multi facet filters on, when the query names some. */
export function facetSelection(filters: SearchFilters, facet: MultiFacet): unknown[] | undefined {
  if (facet === 'propertyType') return filters.propertyType ? [filters.propertyType] : undefined;
  return filters[facet];
}

/** The bounds of a query, when it gives all four. */
export function boundsOf(query: Partial<MapBounds>): MapBounds | null {
  const { north, south, east, west } = query;
  if (north === undefined || south === undefined || east === undefined || west === undefined) return null;
  return { north, south, east, west };
}

/** Buckets of a facet: values with a count, most first, then by value. */
export function sortBuckets<T extends string | number>(buckets: { value: T; count: number }[]) {
  return buckets
    .filter((bucket) => bucket.count > 0)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
