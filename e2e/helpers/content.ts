/// <reference lib="dom" />
// Shared steps of the content journeys: a page opened in a language, the SEO head checked,
// admin sessions and CMS items made through the API, screenshots kept to look at.
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { CONTENT_API, type CmsPageInput } from '@manzil/contracts';
import {
  ADMIN_PASSWORD,
  SITE,
  api,
  apiLogin,
  useLanguage,
  type Lang,
  type SiteKey,
  type Tokens,
} from './identity.js';

export { SITE, type Lang, type SiteKey };

export const LANGS: Lang[] = ['en', 'ar'];
export const SITE_KEYS: SiteKey[] = ['ae', 'sa'];
export const otherSite = (site: SiteKey): SiteKey => (site === 'ae' ? 'sa' : 'ae');

/** Opens `path` on a site in a language (the `lang` cookie the shell reads first) and waits for the chrome. */
export async function open(page: Page, site: SiteKey, lang: Lang, pathname: string): Promise<void> {
  await useLanguage(page.context(), lang);
  await page.goto(SITE[site].url + pathname);
  await expect(page.getByTestId('site-header').first()).toBeVisible();
  await expectLanguage(page, lang);
}

export async function expectLanguage(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** The path of the current address, decoded (Arabic slugs arrive percent-encoded). */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(url.pathname) + url.search;
}

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  alternates: Record<string, string>;
  ogTitle: string | null;
}

export async function readHead(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const attr = (selector: string, name: string) =>
      document.head.querySelector(selector)?.getAttribute(name) ?? null;
    const alternates: Record<string, string> = {};
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
      alternates[link.hreflang] = decodeURIComponent(link.href);
    }
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      alternates,
      ogTitle: attr('meta[property="og:title"]', 'content'),
    };
  });
}

/**
 * Every public page: a `<title>` `<page> | <brand>`, a meta description, a
 * canonical on this origin, hreflang en/ar/x-default. `titleText` must be in the title;
 * `canonicalPath` (decoded) is the canonical's path when given.
 */
export async function expectSeoHead(
  page: Page,
  site: SiteKey,
  lang: Lang,
  expected: { titleText: string | RegExp; canonicalPath?: string },
): Promise<Head> {
  const origin = SITE[site].url;
  await expect
    .poll(async () => (await readHead(page)).canonical, { message: 'a canonical link' })
    .not.toBeNull();
  const brand = lang === 'ar' ? 'منزل' : 'Manzil';
  await expect(page).toHaveTitle(
    typeof expected.titleText === 'string' ? `${expected.titleText} | ${brand}` : expected.titleText,
  );
  const head = await readHead(page);
  expect(head.title).toMatch(new RegExp(`. \\| ${brand}$`));
  expect(head.description?.trim(), 'meta description').toBeTruthy();
  expect(head.canonical!.startsWith(origin), `canonical ${head.canonical} on ${origin}`).toBe(true);
  if (expected.canonicalPath) {
    const canonical = new URL(head.canonical!);
    expect(decodeURIComponent(canonical.pathname) + canonical.search).toBe(expected.canonicalPath);
  }
  expect(Object.keys(head.alternates).sort()).toEqual(['ar', 'en', 'x-default']);
  for (const href of Object.values(head.alternates)) expect(href.startsWith(origin)).toBe(true);
  expect(decodeURIComponent(head.canonical!)).toBe(head.alternates[lang]);
  expect(head.ogTitle).toBe(head.title);
  return head;
}

/** The seeded admin of a site, logged in through the API. */
export function adminTokens(request: APIRequestContext, site: SiteKey): Promise<Tokens> {
  return apiLogin(request, site, 'customer', SITE[site].seeded.admin, ADMIN_PASSWORD);
}

/** The content service's admin API through the gateway, as the site's admin. */
export function contentAdmin(request: APIRequestContext, site: SiteKey, tokens: Tokens) {
  const headers = { authorization: `Bearer ${tokens.token}`, language: 'en' };
  const call = api(request, site);
  return {
    async createPage(input: CmsPageInput): Promise<{ id: string }> {
      const response = await call.post(`/api/content${CONTENT_API.admin.list('pages')}`, {
        headers,
        data: input,
      });
      expect(response.status(), await response.text()).toBe(201);
      return ((await response.json()) as { results: { id: string } }).results;
    },
  };
}

/** A fresh tag for the texts and slugs one run creates. */
export function runTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

const shotDir = path.resolve(import.meta.dirname, '..', '..', '.cache', 'e2e', 'screenshots', 'content');
/** A screenshot kept under .cache/e2e/screenshots/content/<name>.png, to look at (never compared). */
export async function contentShot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

/** A context that starts with a site's language cookie on both origins. */
export async function withLanguage(context: BrowserContext, lang: Lang): Promise<void> {
  await useLanguage(context, lang);
}

/**
 * The header never cuts a link of its top menu: either the full row shows every link whole
 * within the nav, or (a row too long for the width: useCrowdedHeader) the menu button stands
 * for it and the drawer holds them.
 */
export async function expectWholeTopMenu(page: Page): Promise<void> {
  // Retried: the header measures its row once the browser has laid it out (a ResizeObserver),
  // so right after the page shows it may still switch to the menu button.
  await expect(async () => {
    const nav = page.locator('.shell-header__nav');
    if (!(await nav.isVisible())) {
      await expect(page.getByTestId('menu-button')).toBeVisible({ timeout: 100 });
      return;
    }
    const navBox = await nav.boundingBox();
    expect(navBox).not.toBeNull();
    for (const link of await nav.getByTestId('top-menu-link').all()) {
      const box = await link.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(navBox!.x - 1);
      expect(box!.x + box!.width).toBeLessThanOrEqual(navBox!.x + navBox!.width + 1);
    }
  }).toPass({ timeout: 5_000 });
}

/** Follows a link of the header's menu, from the row or, when the row is crowded, the drawer. */
export async function clickTopMenuLink(page: Page, name: string): Promise<void> {
  await expectWholeTopMenu(page);
  const nav = page.locator('.shell-header__nav');
  if (await nav.isVisible()) {
    await nav.getByRole('link', { name }).click();
    return;
  }
  await page.getByTestId('menu-button').click();
  await page.getByTestId('header-drawer').getByRole('link', { name }).click();
}
