import { listingSearchQuerySchema, pageSchema, propertySummarySchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description, built from the schemas the controllers validate with. */
export const ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/properties',
    summary: 'Published properties of the site, newest first, paginated',
    query: listingSearchQuerySchema,
    results: pageSchema(propertySummarySchema),
  },
];
