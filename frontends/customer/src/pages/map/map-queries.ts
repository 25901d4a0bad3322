import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  MAP_CONFIG_PATH,
  mapClustersSchema,
  mapConfigSchema,
  mapPinsPageSchema,
  SEARCH_API,
  searchResultPageSchema,
  type Language,
  type PropertyTypeSlug,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';
import { viewQuery, type MapView } from './map-logic.js';

const SEARCH = '/api/search';
export const MAP_LIST_PAGE_SIZE = 20;
/** Pins of one viewport: at the pins' zoom a viewport holds a few hundred listings at most. */
export const MAP_PINS_LIMIT = 300;

export const mapKeys = {
  config: ['map', 'config'] as const,
  clusters: (view: MapView, propertyType: PropertyTypeSlug) =>
    ['map', 'clusters', { view, propertyType }] as const,
  pins: (view: MapView, propertyType: PropertyTypeSlug) =>
    ['map', 'pins', { bounds: view.bounds, propertyType }] as const,
  list: (view: MapView, propertyType: PropertyTypeSlug, language: Language) =>
    ['map', 'list', { bounds: view.bounds, propertyType, language }] as const,
};

/**
 * The deployment's tile server (the gateway's `/map-config.json`, not an API envelope). A
 * failed read is the same as "no tile server": the offline outlines are the map.
 */
export const mapConfigQuery = () =>
  queryOptions({
    queryKey: mapKeys.config,
    queryFn: async ({ signal }) => {
      const response = await fetch(MAP_CONFIG_PATH, { signal });
      if (!response.ok) return { tileUrl: null, attribution: '' };
      return mapConfigSchema.parse(await response.json());
    },
    staleTime: Infinity,
  });

/** Server clusters of the viewport (zoomed out). The previous view's stay shown while the next loads. */
export const clustersQuery = (view: MapView, propertyType: PropertyTypeSlug, language: Language) =>
  queryOptions({
    queryKey: mapKeys.clusters(view, propertyType),
    queryFn: apiQueryFn(`${SEARCH}${SEARCH_API.clusters}`, {
      language,
      query: { ...viewQuery(view, propertyType), zoom: view.zoom },
      results: mapClustersSchema,
    }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** One pin per listing of the viewport (zoomed in). */
export const pinsQuery = (view: MapView, propertyType: PropertyTypeSlug, language: Language) =>
  queryOptions({
    queryKey: mapKeys.pins(view, propertyType),
    queryFn: apiQueryFn(`${SEARCH}${SEARCH_API.pins}`, {
      language,
      query: { ...viewQuery(view, propertyType), page: 1, limit: MAP_PINS_LIMIT },
      results: mapPinsPageSchema,
    }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** The list beside the map: the same viewport and filters, newest first, page after page. */
export const mapListQuery = (view: MapView, propertyType: PropertyTypeSlug, language: Language) =>
  infiniteQueryOptions({
    queryKey: mapKeys.list(view, propertyType, language),
    queryFn: ({ pageParam, signal }) =>
      apiQueryFn(`${SEARCH}${SEARCH_API.properties}`, {
        language,
        query: {
          ...viewQuery(view, propertyType),
          page: pageParam,
          limit: MAP_LIST_PAGE_SIZE,
          facets: 'false',
        },
        results: searchResultPageSchema,
      })({ signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
