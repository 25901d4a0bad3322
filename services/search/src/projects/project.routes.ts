import {
  pageSchema,
  projectDetailSchema,
  projectListQuerySchema,
  projectSlugParamsSchema,
  publicProjectSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description of the projects routes. */
export const PROJECT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/projects',
    summary: 'Published projects of the site, newest first; filters cityId and completion (offPlan, ready)',
    query: projectListQuerySchema,
    results: pageSchema(publicProjectSchema),
  },
  {
    method: 'get',
    path: '/v1/projects/:slug',
    summary: 'A published project of the site with its units; 404 NO_DATA_FOUND',
    params: projectSlugParamsSchema,
    results: projectDetailSchema,
  },
];
