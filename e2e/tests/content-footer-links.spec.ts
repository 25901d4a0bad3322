// Every filtered search of the footer (spec §2: "apartment or villa, for rent or sale, in
// Dubai, Riyadh, Dubai Marina or As sahafa, using query parameters propertyType, type and
// locationSelected (a JSON list of id, name and type)"), collected from the rendered footer of
// each site in each language, opens the listing page with exactly those parameters.
import { expect, test } from '@playwright/test';
import { LISTING_PAGES, listingPagePath } from '@manzil/contracts';
import { LANGS, SITE_KEYS, currentPath, open, type Lang, type SiteKey } from '../helpers/content.js';

/** The places the spec names, per site: a city and a community, with their names. */
const PLACES: Record<SiteKey, Record<string, { type: 'city' | 'community'; name: Record<Lang, string> }>> = {
  ae: {
    dubai: { type: 'city', name: { en: 'Dubai', ar: 'دبي' } },
    'dubai-marina': { type: 'community', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } },
  },
  sa: {
    riyadh: { type: 'city', name: { en: 'Riyadh', ar: 'الرياض' } },
    'as-sahafa': { type: 'community', name: { en: 'As Sahafa', ar: 'الصحافة' } },
  },
};

const locationSchema = (value: unknown) => {
  expect(Array.isArray(value), 'locationSelected is a JSON list').toBe(true);
  for (const entry of value as unknown[]) {
    expect(Object.keys(entry as object).sort()).toEqual(['id', 'name', 'type']);
  }
  return value as { id: string; name: string; type: string }[];
};

for (const site of SITE_KEYS) {
  for (const lang of LANGS) {
    test(`${site} ${lang}: every footer search opens the listing page with its filters`, async ({ page }) => {
      await open(page, site, lang, '/');
      const footer = page.getByTestId('site-footer');
      const links = footer.locator('a[href*="locationSelected"]');
      await expect(links.first()).toBeVisible();
      const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
      expect(hrefs.length).toBeGreaterThanOrEqual(5);

      const seen = { propertyType: new Set<string>(), type: new Set<string>(), place: new Set<string>() };
      for (const [index, href] of hrefs.entries()) {
        // Through the footer, as a visitor would: the link at this position, clicked.
        await footer.locator('a[href*="locationSelected"]').nth(index).click();
        await expect(page.getByTestId('listing-heading')).toBeVisible();
        const url = new URL(page.url());
        expect(url.search, `${href} kept its query`).toBe(new URL(href, url.origin).search);
        expect([...url.searchParams.keys()].sort()).toEqual(['locationSelected', 'propertyType', 'type']);
        const propertyType = url.searchParams.get('propertyType')!;
        const type = url.searchParams.get('type')!;
        expect(['buy', 'rent']).toContain(propertyType);
        expect(['apartment', 'villa']).toContain(type);
        expect(decodeURIComponent(url.pathname)).toBe(
          listingPagePath(propertyType as keyof typeof LISTING_PAGES, lang),
        );
        const locations = locationSchema(JSON.parse(url.searchParams.get('locationSelected')!));
        expect(locations).toHaveLength(1);
        const [location] = locations;
        const place = PLACES[site][location.id];
        expect(place, `${location.id} is a place of ${site}`).toBeDefined();
        expect(location).toEqual({ id: location.id, name: place.name[lang], type: place.type });
        seen.propertyType.add(propertyType);
        seen.type.add(type);
        seen.place.add(location.id);
        expect(currentPath(page).startsWith(listingPagePath(propertyType as 'buy' | 'rent', lang))).toBe(
          true,
        );
      }
      // Between them: to rent and to buy, apartments and villas, in the city and the community.
      expect([...seen.propertyType].sort()).toEqual(['buy', 'rent']);
      expect([...seen.type].sort()).toEqual(['apartment', 'villa']);
      expect([...seen.place].sort()).toEqual(Object.keys(PLACES[site]).sort());
    });
  }
}
