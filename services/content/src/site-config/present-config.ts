import { countryCodeOf, type Language, type SiteConfig } from '@manzil/contracts';
import type { PropertyType } from './property-type.entity.js';
import type { SiteSetting } from './site-setting.entity.js';
import type { Page } from '../cms/page.entity.js';

/** How a currency reads in each language: the riyal sign (U+FDFC) and the dirham abbreviation in Arabic. */
const CURRENCY_LABELS: Record<'AED' | 'SAR', Record<Language, string>> = {
  AED: { en: 'AED', ar: 'د.إ' },
  SAR: { en: 'SAR', ar: '\uFDFC' },
};

/** Spec §3: sqm reads m² in English and as the Arabic square metre. */
const AREA_UNIT_LABELS: Record<'sqft' | 'sqm', Record<Language, string>> = {
  sqft: { en: 'sqft', ar: 'قدم²' },
  sqm: { en: 'm²', ar: 'م²' },
};

export function currencyLabel(currency: 'AED' | 'SAR', language: Language): string {
  return CURRENCY_LABELS[currency][language];
}

export function areaUnitLabel(areaUnit: 'sqft' | 'sqm', language: Language): string {
  return AREA_UNIT_LABELS[areaUnit][language];
}

/** The stored rows of a site as the spec's Config, worded in `language`. */
export function presentConfig(
  setting: SiteSetting,
  propertyTypes: PropertyType[],
  staticContent: Pick<Page, 'slug' | 'publicSlug' | 'publicSlugAr'>[],
  language: Language,
): SiteConfig {
  return {
    site: setting.site,
    country: setting.country,
    countryCode: countryCodeOf(setting.country),
    currency: setting.currency,
    currencyLabel: currencyLabel(setting.currency, language),
    areaUnit: setting.areaUnit,
    areaUnitLabel: areaUnitLabel(setting.areaUnit, language),
    phonePrefix: setting.phonePrefix,
    propertyType: propertyTypes.map((type) => ({
      slug: type.slug,
      status: type.status,
      name: language === 'ar' ? type.nameAr : type.nameEn,
    })),
    staticContent: staticContent.map((page) => ({
      slug: page.slug,
      publicSlug: page.publicSlug,
      publicSlugAr: page.publicSlugAr,
    })),
  };
}
