// Screenshots to look at (never compared pixel by pixel): the content pages, the header
// drawer, the footer and the admin console at 375, 768 and 1280 px, English (ltr) and Arabic
// (rtl), on both sites → .cache/e2e/screenshots/content/<site>-<lang>-<screen>-<width>.png.
// What each must get right in rtl: alignment from the right, the drawer from the right,
// pointing icons flipped, numbers and phones left to right, floating buttons on the left.
import { expect, test, type Page } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { adminTokens, contentShot, open, type Lang, type SiteKey } from '../helpers/content.js';
import { api, putSession } from '../helpers/identity.js';

const WIDTHS = [375, 768, 1280] as const;
const HEIGHT = 800;

/**
 * Waits for the images on the page, so the shots show covers rather than blanks. An image ends
 * with `load` or `error` (there is no `loadend` on images: waiting for it hung whenever one was
 * still loading); a lazy image below the fold never starts, so it is not waited for, and the
 * wait is bounded so a slow image costs a blank cover, not the test.
 */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    const settled = pending.map(
      (img) =>
        new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        }),
    );
    return Promise.race([Promise.all(settled), new Promise((done) => setTimeout(done, 5_000))]);
  });
}

async function atEachWidth(page: Page, name: string, shoot: (width: number) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(width);
  }
  await page.setViewportSize({ width: 1280, height: HEIGHT });
  void name;
}

async function shootPage(page: Page, site: SiteKey, lang: Lang, name: string, ready: () => Promise<void>) {
  await ready();
  await imagesLoaded(page);
  await atEachWidth(page, name, (width) => contentShot(page, `${site}-${lang}-${name}-${width}`, true));
}

/**
 * One language per site, so each site and each language is shot (rtl on the Saudi site, ltr on
 * the Emirati one): what differs between sites is data (currency, country, content), not layout,
 * and these shots cost CI's browser stage about 25 s each at three widths.
 */
const SHOTS: [SiteKey, Lang][] = [
  ['ae', 'en'],
  ['sa', 'ar'],
];

for (const [site, lang] of SHOTS) {
  test(`${site} ${lang}: screenshots of the content pages, drawer, footer and admin console`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const go = async (path: string) => {
      await page.goto(page.url().replace(/^(https?:\/\/[^/]+).*$/, '$1') + path);
      await expect(page.getByTestId('site-header').first()).toBeVisible();
    };
    await open(page, site, lang, '/');
    await shootPage(page, site, lang, 'home', () => expect(page.getByTestId('home-blogs')).toBeVisible());

    // The drawer at 375 px (the viewport, not the whole page).
    await page.setViewportSize({ width: 375, height: HEIGHT });
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('header-drawer')).toBeVisible();
    await page.waitForTimeout(350);
    await contentShot(page, `${site}-${lang}-drawer-375`);
    await page.getByTestId('drawer-close').click();

    // The footer alone.
    await atEachWidth(page, 'footer', async (width) => {
      await page.getByTestId('site-footer').screenshot({
        path: `.cache/e2e/screenshots/content/${site}-${lang}-footer-${width}.png`,
      });
    });

    await go(listingPagePath('faq', lang));
    await shootPage(page, site, lang, 'faq', async () => {
      await page.getByTestId('faq-item').first().locator('summary').click();
    });

    await go('/blog');
    await shootPage(page, site, lang, 'blog', () => expect(page.getByTestId('blog-card')).toHaveCount(9));
    await page.getByTestId('blog-card').first().getByRole('link').click();
    await shootPage(page, site, lang, 'blog-post', () => expect(page.getByTestId('blog-post')).toBeVisible());

    await go(listingPagePath('contact-us', lang));
    await shootPage(page, site, lang, 'contact-errors', async () => {
      const form = page.getByTestId('contact-form');
      await form
        .getByTestId('field-name')
        .locator('input')
        .fill(lang === 'ar' ? 'ريم' : 'Reem');
      await form.getByTestId('field-email').locator('input').fill('reem@example');
      await form.getByTestId('field-mobile-input').fill('12');
      await form.getByTestId('message-submit').click();
      await expect(form.getByTestId('field-email-error')).toBeVisible();
      await expect(page.getByTestId('contact-details')).toBeVisible();
    });

    await go(listingPagePath('mortgage-calculator', lang));
    await shootPage(page, site, lang, 'mortgage', () =>
      expect(page.getByTestId('mortgage-monthly')).toBeVisible(),
    );

    await go('/pages/about-us');
    await shootPage(page, site, lang, 'about-us', () =>
      expect(page.getByTestId('static-page')).toBeVisible(),
    );

    // The admin console: the pages list and the about page's editor.
    const tokens = await adminTokens(request, site);
    const response = await api(request, site).get('/api/content/v1/admin/pages', {
      headers: { authorization: `Bearer ${tokens.token}` },
      params: { page: 1, limit: 100 },
    });
    const items = ((await response.json()) as { results: { items: { id: string; slug: string }[] } }).results
      .items;
    const about = items.find((item) => item.slug === 'about-us')!;
    const context = await browser.newContext({ viewport: { width: 1280, height: HEIGHT } });
    await putSession(context, site, tokens);
    const admin = await context.newPage();
    const errors: string[] = [];
    admin.on('pageerror', (error) => errors.push(error.message));
    await open(admin, site, lang, '/admin/content/pages');
    await shootPage(admin, site, lang, 'admin-list', async () => {
      await expect(
        admin.getByTestId('admin-list-pages').or(admin.getByTestId('remote-fallback')),
      ).toBeVisible();
      expect(errors).toEqual([]);
      await expect(admin.getByTestId('admin-row').first()).toBeVisible();
    });
    await admin
      .getByTestId('admin-row')
      .filter({ has: admin.locator(`a[href$="/${about.id}"]`) })
      .getByRole('link')
      .click();
    await shootPage(admin, site, lang, 'admin-editor', () =>
      expect(admin.getByTestId('field-body-ar')).not.toHaveValue(''),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
}
