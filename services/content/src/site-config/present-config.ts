import {
  areaUnitLabel,
  countryCodeOf,
  currencyLabel,
  type Language,
  type SiteConfig,
} from '@manzil/contracts';
import type { PropertyType } from './property-type.entity.js';
import type { SiteSetting } from './site-setting.entity.js';
import type { Page } from '../cms/page.entity.js';

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
