// The header and footer of every page (spec §2, §4), on both sites in both languages: the
// server's top menu in the page language, the language switch to the same page in the other
// language, the country switch to the other site, the drawer below 1200 px; the footer's
// Discover column (visitors, not agents), Saudi app links and licence, phone prefix, year.
import { expect, test, type Page } from '@playwright/test';
import { topMenuItemSchema } from '@manzil/contracts';
import { z } from 'zod';
import {
  LANGS,
  SITE,
  SITE_KEYS,
  currentPath,
  expectLanguage,
  expectWholeTopMenu,
  open,
  otherSite,
  type Lang,
  type SiteKey,
} from '../helpers/content.js';
import { PASSWORD, api, apiLogin, putSession } from '../helpers/identity.js';

const footer = (page: Page) => page.getByTestId('site-footer');

async function topMenuLabels(request: Parameters<typeof api>[0], site: SiteKey, lang: Lang, type?: string) {
  const response = await api(request, site).get('/api/content/v1/top-menus', {
    headers: { language: lang },
    params: type ? { type } : undefined,
  });
  expect(response.status()).toBe(200);
  const items = z.array(topMenuItemSchema).parse(((await response.json()) as { results: unknown }).results);
  return items.map((item) => (lang === 'ar' ? item.nameAr || item.name : item.name));
}

async function pageTitle(request: Parameters<typeof api>[0], site: SiteKey, lang: Lang, slug: string) {
  const response = await api(request, site).get(`/api/content/v1/pages/${encodeURIComponent(slug)}`, {
    headers: { language: lang },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { title: string; publicSlug: string; publicSlugAr: string } })
    .results;
}

for (const site of SITE_KEYS) {
  for (const lang of LANGS) {
    const other: Lang = lang === 'en' ? 'ar' : 'en';
    test(`${site} ${lang}: header menu, drawer, language and country switches; footer`, async ({
      page,
      request,
    }) => {
      await open(page, site, lang, '/');

      // The server's top menu, in the page language, in the expanded header (1280 px).
      const labels = await topMenuLabels(request, site, lang);
      expect(labels.length).toBeGreaterThan(2);
      const nav = page.locator('.shell-header__nav');
      await expect(nav.getByTestId('top-menu-link')).toHaveText(labels);
      await expect(page.getByTestId('menu-button')).toBeHidden();

      // Footer: Discover for a visitor, contact phone with the site's prefix, copyright year.
      await expect(footer(page).getByTestId('footer-discover')).toBeVisible();
      await expect(footer(page).getByTestId('footer-quick-links').locator('a')).toHaveCount(7);
      await expect(footer(page).getByTestId('footer-phone')).toHaveText(
        new RegExp(`^\\${SITE[site].prefix} \\d`),
      );
      await expect(footer(page).getByTestId('footer-phone')).toHaveAttribute(
        'href',
        new RegExp(`^tel:\\${SITE[site].prefix}\\d+$`),
      );
      await expect(footer(page).getByTestId('copyright')).toContainText(String(new Date().getFullYear()));
      await expect(footer(page).getByTestId('footer-email')).toHaveText(`hello@manzil.${site}`);
      if (site === 'sa') {
        await expect(footer(page).getByTestId('footer-apps').locator('a')).toHaveCount(2);
        const licence = footer(page).getByTestId('footer-licence');
        // A lazy image: fetched once it nears the viewport (the page now arrives whole, its
        // footer further down than the lazy-load distance, before the image is ever placed).
        await licence.scrollIntoViewIfNeeded();
        await expect(licence).toBeVisible();
        expect(await licence.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
          true,
        );
      } else {
        await expect(footer(page).getByTestId('footer-apps')).toHaveCount(0);
        await expect(footer(page).getByTestId('footer-licence')).toHaveCount(0);
      }
      // The floating WhatsApp and call buttons sit at the inline end.
      const float = await page.getByTestId('floating-contact').boundingBox();
      expect(float).not.toBeNull();
      if (lang === 'ar') expect(float!.x).toBeLessThan(100);
      else expect(float!.x + float!.width).toBeGreaterThan(1280 - 100);

      // Below 1200 px the menu button opens a drawer from the inline-start edge.
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect(nav).toBeHidden();
      await page.getByTestId('menu-button').click();
      const drawer = page.getByTestId('header-drawer');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByTestId('top-menu-link')).toHaveText(labels);
      await expect(drawer.getByTestId(`language-option-${other}`)).toBeVisible();
      await expect(drawer.getByTestId(`country-option-${otherSite(site)}`)).toBeVisible();
      const panel = drawer.locator('.shell-drawer__panel');
      await expect
        .poll(async () => {
          const box = (await panel.boundingBox())!;
          return lang === 'ar' ? Math.round(box.x + box.width) : Math.round(box.x);
        })
        .toBe(lang === 'ar' ? 1024 : 0);
      await drawer.getByTestId('drawer-close').click();
      await expect(drawer).toBeHidden();
      await page.setViewportSize({ width: 1280, height: 720 });

      // Language switch on a page with slugs in both languages: the same page in the other one.
      const about = await pageTitle(request, site, lang, 'about-us');
      const aboutOther = await pageTitle(request, site, other, 'about-us');
      const slug = (l: Lang) => (l === 'ar' ? about.publicSlugAr : about.publicSlug);
      await page.goto(`${SITE[site].url}/pages/${encodeURIComponent(slug(lang))}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(about.title);
      await page.locator('.shell-header__prefs').getByTestId(`language-option-${other}`).click();
      await expectLanguage(page, other);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(aboutOther.title);
      expect(currentPath(page)).toBe(`/pages/${slug(other)}`);
      await expect(nav.getByTestId('top-menu-link')).toHaveText(await topMenuLabels(request, site, other));

      // Country switch: the other site's origin, in the language chosen.
      await page.locator('.shell-header__prefs').getByTestId('country-switcher').click();
      await page
        .locator('.shell-header__prefs')
        .getByTestId(`country-option-${otherSite(site)}`)
        .click();
      await expect(page).toHaveURL(new RegExp(`^${SITE[otherSite(site)].url}/`));
      await expectLanguage(page, other);
      await expect(footer(page).getByTestId('footer-phone')).toHaveText(
        new RegExp(`^\\${SITE[otherSite(site)].prefix} `),
      );
    });
  }

  test(`${site}: an agent sees the whole top menu and no Discover column`, async ({ page, request }) => {
    const tokens = await apiLogin(request, site, 'agent', SITE[site].seeded.agent, PASSWORD);
    await putSession(page.context(), site, tokens);
    await open(page, site, 'en', '/aboutCompany');
    await expect(page.getByTestId('user-chip').first()).toBeVisible();
    await expect(page.locator('.shell-header__nav').getByTestId('top-menu-link')).toHaveText(
      await topMenuLabels(request, site, 'en', 'Agent'),
    );
    // At 1280 px no link is cut: the row fits them (ae) or the drawer holds them (sa, whose
    // country name is longer).
    await expectWholeTopMenu(page);
    await expect(footer(page).getByTestId('footer-quick-links')).toBeVisible();
    await expect(footer(page).getByTestId('footer-discover')).toHaveCount(0);
    await expect(footer(page).getByTestId('footer-popular')).toHaveCount(0);
  });
}
