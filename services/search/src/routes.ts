import {
  locationAutocompleteQuerySchema,
  locationSuggestionsPageSchema,
  mapClustersQuerySchema,
  mapClustersSchema,
  mapPinsPageSchema,
  mapPinsQuerySchema,
  propertyDetailParamsSchema,
  propertyDetailSchema,
  searchQuerySchema,
  paginationQuerySchema,
  searchResultPageSchema,
  sitemapListingsPageSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description, built from the schemas the controllers validate with. */
export const ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/properties',
    summary:
      'Published properties of the site matching the filters, in the sort asked (newest first by default), paginated, with the total and facet counts',
    query: searchQuerySchema,
    results: searchResultPageSchema,
  },
  {
    method: 'get',
    path: '/v1/properties/{slug}',
    summary:
      'A published property with nearby (great-circle, within 5 km) and similar ones and the price trend of its area',
    params: propertyDetailParamsSchema,
    results: propertyDetailSchema,
  },
  {
    method: 'get',
    path: '/v1/map/clusters',
    summary: 'Listings of the viewport matching the filters, grouped in geohash cells sized by the zoom',
    query: mapClustersQuerySchema,
    results: mapClustersSchema,
  },
  {
    method: 'get',
    path: '/v1/map/pins',
    summary: 'Listings of the viewport matching the filters as map pins, newest first, paginated',
    query: mapPinsQuerySchema,
    results: mapPinsPageSchema,
  },
  {
    method: 'get',
    path: '/v1/sitemap/listings',
    summary:
      "The site's published property slugs for the sitemaps, newest approval first, with the time of their last event, paginated",
    query: paginationQuerySchema,
    results: sitemapListingsPageSchema,
  },
  {
    method: 'get',
    path: '/v1/locations/autocomplete',
    summary:
      'Places of the hierarchy (city, community, sub-community, building) matching q in English or Arabic, paginated',
    query: locationAutocompleteQuerySchema,
    results: locationSuggestionsPageSchema,
  },
];
