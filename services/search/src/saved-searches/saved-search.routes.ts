import { z } from 'zod';
import {
  createSavedSearchRequestSchema,
  savedSearchesPageSchema,
  savedSearchesQuerySchema,
  savedSearchParamsSchema,
  savedSearchSchema,
  updateSavedSearchRequestSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description of the saved searches' endpoints (customers only). */
export const SAVED_SEARCH_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/saved-searches',
    summary: "The customer's saved searches on the site, newest first, paginated",
    query: savedSearchesQuerySchema,
    results: savedSearchesPageSchema,
    roles: ['user'],
  },
  {
    method: 'post',
    path: '/v1/saved-searches',
    summary: 'Saves the search of a listing page (at most 20 per customer and site)',
    body: createSavedSearchRequestSchema,
    results: savedSearchSchema,
    roles: ['user'],
  },
  {
    method: 'patch',
    path: '/v1/saved-searches/{id}',
    summary: "Renames one of the customer's saved searches or changes how often it alerts",
    params: savedSearchParamsSchema,
    body: updateSavedSearchRequestSchema,
    results: savedSearchSchema,
    roles: ['user'],
  },
  {
    method: 'delete',
    path: '/v1/saved-searches/{id}',
    summary: "Deletes one of the customer's saved searches",
    params: savedSearchParamsSchema,
    results: z.object({ removed: z.boolean() }),
    roles: ['user'],
  },
];
