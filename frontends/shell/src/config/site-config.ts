import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  SITE_FACTS,
  PROPERTY_TYPE_SLUGS,
  type Language,
  type PropertyTypeSlug,
  type Site,
  type SiteConfig,
} from '@manzil/contracts';
import { areaUnitLabel, contentQueries, currencyLabel } from '@manzil/ui';

const PROPERTY_TYPE_NAMES: Record<PropertyTypeSlug, Record<Language, string>> = {
  buy: { en: 'Buy', ar: 'شراء' },
  rent: { en: 'Rent', ar: 'إيجار' },
  'commercial-buy': { en: 'Commercial sale', ar: 'تجاري للبيع' },
  'commercial-rent': { en: 'Commercial rent', ar: 'تجاري للإيجار' },
};

/**
 * What the page uses until the content service answers (or when it is down: spec §8
 * "other fetch failures are logged or swallowed"): the site's facts from contracts.
 */
export function fallbackConfig(site: Site, language: Language): SiteConfig {
  const facts = SITE_FACTS[site];
  return {
    site,
    country: facts.country,
    countryCode: site,
    currency: facts.currency,
    currencyLabel: currencyLabel(facts.currency, language),
    areaUnit: facts.areaUnit,
    areaUnitLabel: areaUnitLabel(facts.areaUnit, language),
    phonePrefix: facts.phonePrefix,
    propertyType: PROPERTY_TYPE_SLUGS.map((slug) => ({
      slug,
      status: 'active',
      name: PROPERTY_TYPE_NAMES[slug][language],
    })),
    staticContent: [],
  };
}

/**
 * The site's config (GET /api/content/v1/config), asked again whenever the language changes
 * (spec §4); the site's facts meanwhile, and when the service cannot answer.
 */
export function useSiteConfig(site: Site, language: Language): SiteConfig {
  // One object per site and language: a new one each render would re-render what it is given to.
  const fallback = useMemo(() => fallbackConfig(site, language), [site, language]);
  const { data } = useQuery({ ...contentQueries.config(language), placeholderData: fallback });
  return data ?? fallback;
}
