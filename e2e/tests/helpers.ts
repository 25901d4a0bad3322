import { expect, type Page } from '@playwright/test';

export type SiteKey = 'ae' | 'sa';
export type Lang = 'en' | 'ar';

export const SITES: Record<SiteKey, { url: string; currency: RegExp; seededTitle: string }> = {
  ae: {
    url: process.env.E2E_AE_URL ?? 'http://ae.localhost:3000',
    currency: /\bAED\b|د\.إ/,
    seededTitle: 'Dubai Marina',
  },
  sa: {
    url: process.env.E2E_SA_URL ?? 'http://sa.localhost:3000',
    currency: /\bSAR\b|\u20C1|\uFDFC|ر\.س/,
    seededTitle: 'Riyadh',
  },
};
export const other = (site: SiteKey): SiteKey => (site === 'ae' ? 'sa' : 'ae');

/** Collects console errors and uncaught page errors from the moment it is called. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

export const header = (page: Page) => page.getByTestId('site-header').first();
export const footer = (page: Page) => page.getByTestId('site-footer').first();

/** Waits until the page settled: network idle and the shell's header rendered. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(header(page)).toBeVisible();
}

/**
 * Switches language with the header's button for it (`data-testid="language-option-<lang>"`),
 * opening the menu first where the header keeps it in the drawer (below 1200 px, or a row too
 * long for the width: a signed-in Saudi account in English at 1280 px).
 */
export async function chooseLanguage(page: Page, lang: Lang): Promise<void> {
  const button = page.getByTestId(`language-option-${lang}`).filter({ visible: true }).first();
  const menu = page.getByTestId('menu-button');
  // Whichever of the two shows (both exist in the page; one of them is hidden).
  await expect(
    page.getByTestId(`language-option-${lang}`).or(menu).filter({ visible: true }).first(),
  ).toBeVisible();
  if (!(await button.isVisible())) await menu.click();
  await expect(button).toBeVisible();
  await button.click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.waitForLoadState('networkidle');
  await expect(header(page)).toBeVisible();
}

export async function expectDirection(page: Page, lang: Lang): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  await expect(html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/**
 * Goes to `path` inside the app without a page load, as a link does. The router hears it as a
 * history move (popstate), so the entry gets a key of its own, as the router gives its own
 * entries: without one every such entry shares the key "default", and the shell's scroll
 * restoration would scroll each page back to where the previous one was left, for up to
 * 3 s, under the test's clicks.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const previous = (window.history.state ?? {}) as { idx?: number };
    const key = Math.random().toString(36).slice(2, 10);
    window.history.pushState({ usr: null, key, idx: (previous.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
