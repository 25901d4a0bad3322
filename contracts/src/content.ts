import { z } from 'zod';
import { propertyTypeSlugSchema } from './listings.js';
import { lazySchema } from './lazy-schema.js';

/** Spec §3 Config entity, per site, in the request's language. */
export const siteConfigSchema = lazySchema(() =>
  z.object({
    site: z.enum(['ae', 'sa']),
    country: z.enum(['UAE', 'Saudi']),
    countryCode: z.enum(['ae', 'sa', 'in']),
    currency: z.enum(['AED', 'SAR']),
    /** How the currency is shown in the request's language (the riyal symbol in Arabic). */
    currencyLabel: z.string(),
    areaUnit: z.enum(['sqft', 'sqm']),
    /** m² / قدم² etc. in the request's language. */
    areaUnitLabel: z.string(),
    phonePrefix: z.string(),
    propertyType: z.array(
      z.object({ slug: propertyTypeSlugSchema, status: z.enum(['active', 'inactive']), name: z.string() }),
    ),
    staticContent: z.array(z.object({ slug: z.string(), publicSlug: z.string(), publicSlugAr: z.string() })),
  }),
);
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Spec §3: Saudi → sa, UAE → ae, otherwise in. */
export function countryCodeOf(country: string): 'ae' | 'sa' | 'in' {
  return country === 'Saudi' ? 'sa' : country === 'UAE' ? 'ae' : 'in';
}

/**
 * `PUT /v1/admin/config` (admin): what an admin may change on the request's site. Each field
 * is optional but at least one must be sent; property types not listed keep their status.
 */
export const updateSiteConfigSchema = lazySchema(() =>
  z
    .object({
      currency: z.enum(['AED', 'SAR']).optional(),
      areaUnit: z.enum(['sqft', 'sqm']).optional(),
      propertyTypes: z
        .array(z.object({ slug: propertyTypeSlugSchema, status: z.enum(['active', 'inactive']) }))
        .min(1)
        .optional(),
    })
    .strict()
    .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'required' }),
);
export type UpdateSiteConfig = z.infer<typeof updateSiteConfigSchema>;
