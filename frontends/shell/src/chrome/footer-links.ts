import {
  SITE_FACTS,
  listingPagePath,
  type Language,
  type PropertyTypeSlug,
  type Role,
  type Site,
  type SiteConfig,
} from '@manzil/contracts';

/** A footer link: where it goes and its message (with values). */
export interface FooterLink {
  key: string;
  to: string;
  labelId: string;
  values?: Record<string, string>;
}

/** Spec §2/§6: the Discover column is for visitors and customers only. */
export function showsDiscover(role: Role): boolean {
  return role === 'visitor' || role === 'user';
}

/** One entry of `locationSelected` (spec §2: a JSON list of id, name and type). */
export interface SelectedLocation {
  id: string;
  name: string;
  type: 'city' | 'community';
}

interface Place {
  id: string;
  name: Record<Language, string>;
  type: SelectedLocation['type'];
}

/** The places of the quick searches: the site's default city (spec §3) and a community in it. */
export const FOOTER_PLACES: Record<Site, { city: Place; community: Place }> = {
  ae: {
    city: { id: 'dubai', name: SITE_FACTS.ae.defaultCity, type: 'city' },
    community: { id: 'dubai-marina', name: { en: 'Dubai Marina', ar: 'دبي مارينا' }, type: 'community' },
  },
  sa: {
    city: { id: 'riyadh', name: SITE_FACTS.sa.defaultCity, type: 'city' },
    community: { id: 'as-sahafa', name: { en: 'As Sahafa', ar: 'الصحافة' }, type: 'community' },
  },
};

export type HomeKind = 'apartment' | 'villa';

/**
 * A filtered search on a listing page: `propertyType`, `type` and `locationSelected`
 * (a JSON list of `{ id, name, type }`), spec §2.
 */
export function searchLink(
  propertyType: Extract<PropertyTypeSlug, 'buy' | 'rent'>,
  kind: HomeKind,
  place: Place,
  language: Language,
): string {
  const params = new URLSearchParams({
    propertyType,
    type: kind,
    locationSelected: JSON.stringify([{ id: place.id, name: place.name[language], type: place.type }]),
  });
  return `${listingPagePath(propertyType, language)}?${params.toString()}`;
}

function isActive(config: SiteConfig, slug: PropertyTypeSlug): boolean {
  return config.propertyType.some((type) => type.slug === slug && type.status === 'active');
}

/**
 * The Discover column: each listing page whose property type is active, then apartments for
 * rent and for sale with their preset filters in the site's city (Dubai / Riyadh).
 */
export function discoverLinks(config: SiteConfig, site: Site, language: Language): FooterLink[] {
  const city = FOOTER_PLACES[site].city;
  const links: FooterLink[] = [];
  const pages: [PropertyTypeSlug, string][] = [
    ['buy', 'shell.footer.buy'],
    ['rent', 'shell.footer.rent'],
    ['commercial-buy', 'shell.footer.commercialBuy'],
    ['commercial-rent', 'shell.footer.commercialRent'],
  ];
  for (const [slug, labelId] of pages) {
    if (isActive(config, slug)) links.push({ key: slug, to: listingPagePath(slug, language), labelId });
  }
  if (isActive(config, 'rent')) {
    links.push({
      key: 'apartment-rent',
      to: searchLink('rent', 'apartment', city, language),
      labelId: 'shell.footer.apartmentRent',
    });
  }
  if (isActive(config, 'buy')) {
    links.push({
      key: 'apartment-buy',
      to: searchLink('buy', 'apartment', city, language),
      labelId: 'shell.footer.apartmentBuy',
    });
  }
  return links;
}

/** The popular filtered searches: apartments and villas, to rent or buy, in the city and a community. */
export function popularSearchLinks(config: SiteConfig, site: Site, language: Language): FooterLink[] {
  const { city, community } = FOOTER_PLACES[site];
  const searches: [Extract<PropertyTypeSlug, 'buy' | 'rent'>, HomeKind, Place][] = [
    ['rent', 'apartment', city],
    ['buy', 'villa', city],
    ['buy', 'apartment', community],
    ['rent', 'villa', city],
    ['rent', 'apartment', community],
  ];
  return searches
    .filter(([propertyType]) => isActive(config, propertyType))
    .map(([propertyType, kind, place]) => ({
      key: `${kind}-${propertyType}-${place.id}`,
      to: searchLink(propertyType, kind, place, language),
      labelId: `shell.footer.search.${kind}.${propertyType}`,
      values: { place: place.name[language] },
    }));
}

/** Spec §2 quick links: about, blog, terms, privacy, FAQ, suggestions and complaints, contact us. */
export function quickLinks(language: Language): FooterLink[] {
  return [
    { key: 'about', to: '/aboutCompany', labelId: 'shell.footer.about' },
    { key: 'blog', to: '/blog', labelId: 'shell.footer.blog' },
    { key: 'terms', to: '/termsandCondition', labelId: 'shell.footer.terms' },
    { key: 'privacy', to: '/privacyPolicy', labelId: 'shell.footer.privacy' },
    { key: 'faq', to: listingPagePath('faq', language), labelId: 'shell.footer.faq' },
    {
      key: 'complaints',
      to: listingPagePath('complaints-and-suggestions', language),
      labelId: 'shell.footer.complaints',
    },
    { key: 'contact', to: listingPagePath('contact-us', language), labelId: 'shell.footer.contactUs' },
  ];
}
