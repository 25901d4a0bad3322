// The search journey of issue 12, once on the UAE site in English and once on the Saudi site
// in Arabic: search from the home page with filters, the list's URL shared and opened in a
// new browser (same filters, same results), then a listing's detail page with its head.
// Screenshots to look at (never compared): .cache/e2e/screenshots/search/<site>-<lang>-<screen>.png.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { currentPath, open, type Lang, type SiteKey } from '../helpers/content.js';
import { navigateInApp } from './helpers.js';

const JOURNEYS: {
  site: SiteKey;
  lang: Lang;
  kind: string;
  bedrooms: number;
  slug: string;
}[] = [
  { site: 'ae', lang: 'en', kind: 'apartment', bedrooms: 2, slug: 'sea-view-apartment-dubai-marina' },
  { site: 'sa', lang: 'ar', kind: 'villa', bedrooms: 5, slug: 'modern-villa-riyadh-al-malqa' },
];

const shotDir = path.resolve(import.meta.dirname, '..', '..', '.cache', 'e2e', 'screenshots', 'search');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true, animations: 'disabled' });

test('search from home, share the list, open a listing (ae/en, sa/ar)', async ({ page, browser }) => {
  for (const journey of JOURNEYS) {
    const { site, lang } = journey;
    await open(page, site, lang, '/');
    const form = page.getByTestId('search-form');
    await expect(form).toBeVisible();
    await shot(page, `${site}-${lang}-home`);

    await form.getByTestId('search-kind').selectOption(journey.kind);
    await form.getByTestId(`search-bedrooms-${journey.bedrooms}`).click();
    await form.getByTestId('home-search-submit').click();

    await expect(page.getByTestId('listing-heading')).toBeVisible();
    const url = new URL(page.url());
    expect(decodeURIComponent(url.pathname)).toBe(listingPagePath('buy', lang));
    expect(url.searchParams.get('type')).toBe(journey.kind);
    expect(url.searchParams.get('beds')).toBe(String(journey.bedrooms));
    const card = page
      .getByTestId('property-card')
      .filter({ has: page.locator(`a[href="/property/${journey.slug}"]`) });
    await expect(card).toBeVisible();
    await shot(page, `${site}-${lang}-listing`);

    // The link, shared: a new browser with nothing in common opens the same search.
    const other = await browser.newContext();
    try {
      const shared = await other.newPage();
      await shared.goto(page.url());
      // Same results: the other journeys publish listings while this one runs, so the two counts
      // are compared when both pages were loaded with nothing published between them.
      await expect(async () => {
        await page.reload();
        await expect(card).toBeVisible();
        const count = await page.getByTestId('result-count').textContent();
        await shared.reload();
        await expect(shared.getByTestId('result-count')).toHaveText(count ?? '', { timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
      await expect(shared.locator(`a[href="/property/${journey.slug}"]`)).toBeVisible();
      await expect(shared.getByTestId(`search-bedrooms-${journey.bedrooms}`)).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(shared.getByTestId('search-kind')).toHaveValue(journey.kind);
      await expect(shared.locator('html')).toHaveAttribute('lang', lang);
    } finally {
      await other.close();
    }

    await card.locator('a').first().click();
    await expect(page.getByTestId('property-page')).toBeVisible();
    expect(currentPath(page)).toBe(`/property/${journey.slug}`);
    await expect(page.getByTestId('property-price')).toBeVisible();
    await expect(page.getByTestId('key-facts')).toBeVisible();
    await expect(page.getByTestId('agent-card')).toBeVisible();
    const jsonLd = JSON.parse(
      (await page.locator('head script[type="application/ld+json"]').first().textContent()) ?? '{}',
    ) as { '@type'?: string; url?: string };
    expect(jsonLd['@type']).toBe('RealEstateListing');
    expect(new URL(jsonLd.url ?? '', page.url()).pathname).toBe(`/property/${journey.slug}`);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/property/${journey.slug}`),
    );
    await shot(page, `${site}-${lang}-detail`);

    // Back in the app to the list: the search is still there.
    await navigateInApp(page, `${url.pathname}${url.search}`);
    await expect(page.getByTestId(`search-bedrooms-${journey.bedrooms}`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
});
