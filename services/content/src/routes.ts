import { siteConfigSchema, updateSiteConfigSchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

/** The OpenAPI description, built from the schemas the controllers validate with. */
export const ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/config',
    summary: "The site's configuration (spec §3 Config) in the request's language",
    results: siteConfigSchema,
  },
  {
    method: 'put',
    path: '/v1/admin/config',
    summary: "Changes the site's currency, area unit or property type status",
    body: updateSiteConfigSchema,
    results: siteConfigSchema,
    roles: ['admin'],
  },
];
