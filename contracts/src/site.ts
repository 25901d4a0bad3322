import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** The two separate sites. A row that belongs to a site carries this value. */
export const SITES = ['ae', 'sa'] as const;
export const siteSchema = lazySchema(() => z.enum(SITES));
export type Site = z.infer<typeof siteSchema>;

export const LANGUAGES = ['en', 'ar'] as const;
export const languageSchema = lazySchema(() => z.enum(LANGUAGES));
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en';

/** Spec §3 language entries: English ltr key 1, Arabic rtl key 2. */
export const LANGUAGE_ENTRIES = [
  { key: 1, language: 'en', lang: 'English', dir: 'ltr' },
  { key: 2, language: 'ar', lang: 'العربية', dir: 'rtl' },
] as const;

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

/** Facts of each site from spec §3 and §9. */
export const SITE_FACTS = {
  ae: {
    country: 'UAE',
    countryCode: 'AE',
    phonePrefix: '+971',
    currency: 'AED',
    areaUnit: 'sqft',
    defaultCity: { en: 'Dubai', ar: 'دبي' },
    mapBounds: { north: 26.245, south: 22.496, east: 56.611, west: 51.499 },
    mapCentre: { lat: 25.2048, lng: 55.2708 },
  },
  sa: {
    country: 'Saudi',
    countryCode: 'SA',
    phonePrefix: '+966',
    currency: 'SAR',
    areaUnit: 'sqm',
    defaultCity: { en: 'Riyadh', ar: 'الرياض' },
    mapBounds: { north: 32.154, south: 16.469, east: 55.667, west: 34.572 },
    mapCentre: { lat: 23.8859, lng: 45.0792 },
  },
} as const satisfies Record<Site, unknown>;

/**
 * Resolves the site from a Host header: `sa.<anything>` is Saudi, everything else
 * (ae.localhost, plain localhost) is the UAE site.
 */
export function siteFromHost(host: string | undefined | null): Site {
  const name = (host ?? '').split(':')[0].toLowerCase();
  return name.startsWith('sa.') ? 'sa' : 'ae';
}
