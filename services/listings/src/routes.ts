import { z } from 'zod';
import { propertyIdParamsSchema, propertySlugParamsSchema, propertySummarySchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description, built from the schemas the controllers validate with. */
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
  {
    method: 'get',
    path: '/v1/media/demo/:file',
    summary: 'A photo of the demo listings (an image, not the envelope)',
    params: z.object({ file: z.string() }),
    results: z.string(),
    answers: 'image',
  },
];
