import { z } from 'zod';
import { propertyTypeSlugSchema } from './listings.js';

/** Spec §3 Config entity, per site, in the request's language. */
export const siteConfigSchema = z.object({
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
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** Spec §3: Saudi → sa, UAE → ae, otherwise in. */
export function countryCodeOf(country: string): 'ae' | 'sa' | 'in' {
  return country === 'Saudi' ? 'sa' : country === 'UAE' ? 'ae' : 'in';
}
