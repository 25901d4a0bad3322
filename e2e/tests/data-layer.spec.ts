/// <reference lib="dom" />
// Issue 10 (server data, forms, small defects) on the running system: reads shared between the
// shell and a remote through the shell's one QueryClient, Back to a results page, sticky tabs
// below the header, the footer without the admin info, one announcement of a failed submit.
import { expect, test, type Page } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { LANGS, open } from '../helpers/content.js';
import { footer, watchErrors } from './helpers.js';

/** Counts the requests whose path is `path` from now on. */
function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request.url());
  });
  return () => seen.length;
}

const gapBelowHeader = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect();
    const tabs = document.querySelector('.cu-listing__tabs')!.getBoundingClientRect();
    return tabs.top - header.bottom;
  });

for (const lang of LANGS) {
  test(`${lang}: /contact-us asks for the admin info once (footer in the shell, details in the customer remote)`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const adminInfo = countRequests(page, '/api/content/v1/admin-info');
    await open(page, 'ae', lang, listingPagePath('contact-us', lang));
    await expect(page.getByTestId('contact-details')).toBeVisible();
    await expect(footer(page).getByTestId('footer-phone')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(adminInfo()).toBe(1);

    // A failed submit: the first invalid field focused, one live region.
    await page.getByTestId('message-submit').click();
    await expect(page.getByTestId('form-error-summary')).toBeVisible();
    await expect(page.getByTestId('contact-form').getByTestId('field-name').locator('input')).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test(`${lang}: Back to a results page keeps its scroll and asks the search nothing again; tabs stay below the header`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const searches = countRequests(page, '/api/search/v1/properties');
    await page.setViewportSize({ width: 1280, height: 700 });
    await open(page, 'sa', lang, listingPagePath('buy', lang));
    await expect(page.getByTestId('property-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const searched = searches();
    expect(searched).toBe(1);

    // Scrolled down (the list's tabs stick below the header), then on to a footer link.
    await footer(page).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, -200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(Math.abs(await gapBelowHeader(page))).toBeLessThanOrEqual(1);
    await page.waitForTimeout(200);
    const left = await page.evaluate(() => window.scrollY);
    await footer(page)
      .getByRole('link', { name: lang === 'ar' ? 'المدونة' : 'Blog' })
      .click();
    await expect(page.getByTestId('blog-list-page')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page.getByTestId('property-card').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
    expect(searches()).toBe(searched);
    expect(errors).toEqual([]);
  });

  test(`${lang}: without the admin info the footer dials no number and offers the contact form`, async ({
    page,
  }) => {
    await page.route('**/api/content/v1/admin-info', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ status: 503, success: false, message: 'down', results: null }),
      }),
    );
    await open(page, 'sa', lang, '/');
    const link = footer(page).getByTestId('footer-contact-link');
    await expect(link).toBeVisible();
    expect(decodeURIComponent(new URL((await link.getAttribute('href'))!, page.url()).pathname)).toBe(
      listingPagePath('contact-us', lang),
    );
    await expect(page.locator('a[href^="tel:"], a[href^="https://wa.me/"]')).toHaveCount(0);
    await expect(page.getByTestId('home-search-submit')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(lang === 'ar' ? 'قادمة قريب' : 'coming soon');
  });
}
