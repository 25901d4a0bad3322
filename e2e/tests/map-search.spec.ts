// Map search and the agent directory (issue 12 items 4 and 7): the map of each site draws its
// offline country outlines and the listings of what it shows, with the list beside it; the
// agent finder leads to an agent's page. Walked once on ae in English, once on sa in Arabic.
import { expect, test, type Page } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { contentShot, currentPath, open, type Lang, type SiteKey } from '../helpers/content.js';
import { navigateInApp, watchErrors } from './helpers.js';

const JOURNEYS: { site: SiteKey; lang: Lang; agent: string; company: string; count: RegExp }[] = [
  {
    site: 'ae',
    lang: 'en',
    agent: 'Sara Nasser',
    company: 'Marina Homes Real Estate',
    count: /\d+ listings? in this area/,
  },
  { site: 'sa', lang: 'ar', agent: 'سارة ناصر', company: 'مفاتيح الرياض للعقارات', count: /في هذه المنطقة/ },
];

async function mapJourney(page: Page, site: SiteKey, lang: Lang, count: RegExp) {
  await open(page, site, lang, '/map-search');
  const map = page.getByTestId('map-canvas');
  await expect(map).toHaveAttribute('dir', 'ltr');
  // The offline base layer: country outlines drawn as SVG paths (no tile server here).
  await expect
    .poll(() => map.locator('.leaflet-overlay-pane path').count(), { timeout: 15_000 })
    .toBeGreaterThan(5);
  // Zoomed out on the site's bounds: server clusters, and the list of the same viewport.
  await expect(map.locator('.cu-map-cluster').first()).toBeVisible();
  await expect(page.getByTestId('map-count')).toHaveText(count);
  await expect(page.getByTestId('map-hit').first()).toBeVisible();
  // The list sits at the inline start: left in English, right in Arabic; the map never mirrors.
  const list = await page.locator('.cu-map__list').boundingBox();
  const canvas = await map.boundingBox();
  expect(list && canvas && (lang === 'ar' ? list.x > canvas.x : list.x < canvas.x)).toBe(true);
  await contentShot(page, `map-search-${site}-${lang}`);
  // On a phone the map comes first and the list below it.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await contentShot(page, `map-search-${site}-${lang}-375`, true);
  if (size) await page.setViewportSize(size);
  // A cluster clicked zooms in to its listings.
  const zoomBefore = await map.locator('.leaflet-proxy').getAttribute('style');
  await map.locator('.cu-map-cluster').first().click();
  await expect.poll(() => map.locator('.leaflet-proxy').getAttribute('style')).not.toBe(zoomBefore);
}

async function agentJourney(page: Page, site: SiteKey, lang: Lang, agent: string, company: string) {
  await navigateInApp(page, listingPagePath('find-agent', lang));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    lang === 'ar' ? 'ابحث عن وسيط عقاري' : 'Find a real estate agent',
  );
  // The seeded three at least: other journeys running beside this one register agents too.
  await expect.poll(() => page.getByTestId('agent-card').count()).toBeGreaterThanOrEqual(3);
  await page.getByTestId('finder-input').fill(lang === 'ar' ? 'ساره' : 'nass');
  await page.getByTestId('finder-input').press('Enter');
  await expect(page.getByTestId('agent-card')).toHaveCount(1);
  await page.getByTestId('agent-card').getByText(agent).click();
  await expect(page.getByTestId('agent-profile')).toBeVisible();
  expect(currentPath(page)).toMatch(/^\/agents\/sara-nasser-[0-9a-f]{8}/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(agent);
  await expect(page.getByRole('link', { name: company })).toBeVisible();
  await contentShot(page, `agent-page-${site}-${lang}`);
  await page.getByRole('link', { name: company }).click();
  await expect(page.getByTestId('company-profile')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company);
  // Its two seeded agents at least (the company portal's journey adds agents to this company).
  await expect.poll(() => page.getByTestId('agent-card').count()).toBeGreaterThanOrEqual(2);
}

test('map search shows outlines, clusters and the list; agent finder leads to the agent and the company (ae/en, sa/ar)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  for (const { site, lang, agent, company, count } of JOURNEYS) {
    await mapJourney(page, site, lang, count);
    await agentJourney(page, site, lang, agent, company);
  }
  expect(errors).toEqual([]);
});
