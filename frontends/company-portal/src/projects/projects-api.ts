import { queryOptions } from '@tanstack/react-query';
import {
  LISTINGS_API,
  locationSchema,
  ownedProjectSchema,
  pageSchema,
  PROJECTS_API,
  type Language,
} from '@manzil/contracts';
import { apiQueryFn } from '@manzil/ui';

/** The listings service behind the gateway. */
export const LISTINGS_BASE = '/api/listings';
export const listingsPath = (path: string) => `${LISTINGS_BASE}${path}`;
export const PROJECTS_PER_PAGE = 20;

export const projectKeys = {
  all: ['company-projects'] as const,
  page: (language: Language, page: number) => ['company-projects', 'list', { language, page }] as const,
  places: (language: Language, parentId: string | null) =>
    ['company-projects', 'places', { language, parentId }] as const,
};

/** GET /v1/owner/projects: the company's own projects with their units, last changed first. */
export const ownProjectsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: projectKeys.page(language, page),
    queryFn: apiQueryFn(listingsPath(PROJECTS_API.owner), {
      language,
      query: { page, limit: PROJECTS_PER_PAGE },
      results: pageSchema(ownedProjectSchema),
    }),
  });

/** The cities of the site (no parent) or the communities of a city, from the location master data. */
export const placesQuery = (language: Language, parentId: string | null) =>
  queryOptions({
    queryKey: projectKeys.places(language, parentId),
    queryFn: apiQueryFn(listingsPath(LISTINGS_API.locations), {
      language,
      query: { limit: 100, ...(parentId ? { parentId } : {}) },
      results: pageSchema(locationSchema),
    }),
    staleTime: 10 * 60_000,
  });
