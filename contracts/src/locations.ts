import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { localizedTextSchema } from './listings.js';
import { siteSchema } from './site.js';
import { lazySchema } from './lazy-schema.js';

/**
 * The location hierarchy of spec §3: city > community > sub-community > building, master data
 * of the listings service per site. Ids are stable dotted slugs (`ae.dubai.dubai-marina`), so
 * a seed, an event and a URL name the same place the same way on every machine.
 */
export const LOCATION_LEVELS = ['city', 'community', 'subCommunity', 'building'] as const;
export const locationLevelSchema = lazySchema(() => z.enum(LOCATION_LEVELS));
export type LocationLevel = z.infer<typeof locationLevelSchema>;

export const locationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    site: siteSchema,
    level: locationLevelSchema,
    parentId: z.string().nullable(),
    name: localizedTextSchema,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
);
export type Location = z.infer<typeof locationSchema>;

/**
 * `GET /v1/locations?parentId=…&q=…`: the children of a place (the cities without `parentId`),
 * of the request's site, alphabetical in the request's language. `q` matches either name.
 */
export const locationLookupQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({
    parentId: z.string().trim().min(1).max(120).optional(),
    q: z.string().trim().min(1).max(100).optional(),
  }),
);
export type LocationLookupQuery = z.infer<typeof locationLookupQuerySchema>;

export const LISTINGS_API = {
  properties: '/v1/properties',
  owner: '/v1/owner/properties',
  locations: '/v1/locations',
  moderation: '/v1/admin/properties',
  /** POST: a logged-in visitor reports a public listing of the site. */
  report: (propertyId: string) => `/v1/properties/${propertyId}/reports`,
  /** POST: a logged-in visitor reports a unit of a published project of the site. */
  unitReport: (projectId: string, unitId: string) => `/v1/projects/${projectId}/units/${unitId}/reports`,
  /** GET: the site's reports, for the admins. */
  adminReports: '/v1/admin/reports',
} as const;
