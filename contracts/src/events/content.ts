import { z } from 'zod';
import { propertyTypeSlugSchema } from '../listings.js';
import { siteSchema } from '../site.js';

/**
 * content.config.changed v1: an admin changed a site's configuration (currency, area unit,
 * property type status). Topic `content.config`, key = the site. Carries the whole new
 * state, not a diff, so a consumer can apply the latest event and forget the rest.
 */
export const contentConfigChangedV1 = {
  type: 'content.config.changed',
  version: 1,
  payload: z.object({
    site: siteSchema,
    currency: z.enum(['AED', 'SAR']),
    areaUnit: z.enum(['sqft', 'sqm']),
    propertyTypes: z.array(z.object({ slug: propertyTypeSlugSchema, status: z.enum(['active', 'inactive']) })),
  }),
} as const;
