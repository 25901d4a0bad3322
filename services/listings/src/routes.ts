import { propertyIdParamsSchema, propertySlugParamsSchema, propertySummarySchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/**
 * The OpenAPI description, built from the schemas the controllers validate with. The demo
 * media route answers with an image, not the envelope, so it is described in the README.
 */
export const ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/properties/:slug',
    summary: 'An accepted property of the site',
    params: propertySlugParamsSchema,
    results: propertySummarySchema,
  },
  {
    method: 'post',
    path: '/v1/admin/properties/:id/approve',
    summary: 'Accepts a pending (or rejected) property of the site and publishes listing.approved',
    params: propertyIdParamsSchema,
    results: propertySummarySchema,
    roles: ['admin'],
  },
];
