import { useEffect, useState } from 'react';
import {
  SITE_FACTS,
  PROPERTY_TYPE_SLUGS,
  siteConfigSchema,
  type Language,
  type PropertyTypeSlug,
  type Site,
  type SiteConfig,
} from '@manzil/contracts';
import { apiFetch, areaUnitLabel, currencyLabel } from '@manzil/ui';

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

/** GET /api/content/v1/config in the page's language. */
export async function fetchSiteConfig(language: Language, signal?: AbortSignal): Promise<SiteConfig> {
  const envelope = await apiFetch('/api/content/v1/config', { language, results: siteConfigSchema, signal });
  return envelope.results;
}

/** The site's config, fetched again whenever the language changes (spec §4). */
export function useSiteConfig(site: Site, language: Language): SiteConfig {
  const [config, setConfig] = useState<SiteConfig>(() => fallbackConfig(site, language));
  useEffect(() => {
    const controller = new AbortController();
    setConfig(fallbackConfig(site, language));
    fetchSiteConfig(language, controller.signal)
      .then(setConfig)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('shell: site config unavailable, using defaults', error);
      });
    return () => controller.abort();
  }, [site, language]);
  return config;
}
