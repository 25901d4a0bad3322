/// <reference lib="dom" />
// axe-core on every route the app has (contracts/src/routes.ts), in English and Arabic, at
// 375 and 1280 px: zero serious or critical violations.
//
// Kept short (this suite shares the browser tests' time): one test per language walks every
// role in turn, one browser context each, reaching pages by in-app navigation (what a link
// does) and checking each at both widths without reloading. The chrome (header, footer, skip
// link) is checked whole on each role's first page; after that axe checks <main> only, and a
// page whose <main> has the same structure (text aside) as one already checked at that width
// is skipped: two "coming soon" pages differ only in words. Signed-in roles walk what differs
// from a visitor's pages; the drawer, the country and account lists and the logout confirm are
// checked open.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ARABIC_LISTING_PAGES,
  CMS_KINDS,
  CONTENT_API,
  ROUTE_ALLOW_LISTS,
  type Role,
} from '@manzil/contracts';
import {
  ADMIN_PASSWORD,
  SITE,
  api,
  apiLogin,
  putSession,
  useLanguage,
  type Kind,
  type Lang,
  type SiteKey,
} from '../helpers/identity.js';
import { axeViolations, isBlocking } from '../helpers/axe.js';
import { navigateInApp } from './helpers.js';

const WIDTHS = [1280, 375] as const;

const ACCOUNTS: Record<Exclude<Role, 'visitor'>, { kind: Kind; password?: string }> = {
  user: { kind: 'customer' },
  agent: { kind: 'agent' },
  company: { kind: 'company' },
  // The admin signs in on the customer page.
  admin: { kind: 'customer', password: ADMIN_PASSWORD },
};
const SEEDED: Record<Exclude<Role, 'visitor'>, string> = {
  user: 'customer',
  agent: 'agent',
  company: 'company',
  admin: 'admin',
};

/** A seeded item's slug, so `/blog/:slug` and `/communities/:slug` show a real page. */
async function firstSlug(request: APIRequestContext, site: SiteKey, path: string): Promise<string> {
  const response = await api(request, site).get(`/api/content${path}`, {
    params: { page: 1, limit: 1 },
    headers: { language: 'en' },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as { results: { items: { slug: string }[] } };
  return body.results.items[0].slug;
}

/**
 * The Arabic slugs of the listing and static pages (`/شراء/عقارات-للبيع`, `/تواصل-معنا`, ...):
 * each renders the very page of its English twin, which the walk opens in both languages, so
 * opening them again checks nothing new (that every role may open them is contracts'
 * routes.spec.ts; the footer-links, content-pages and page-heads journeys open them).
 */
const ARABIC_ALIASES = new Set<string>(Object.values(ARABIC_LISTING_PAGES));

/** Every pattern a role may open, as paths: parameters filled with seeded or sample values. */
function pathsOf(patterns: readonly string[], slugs: Record<string, string>): string[] {
  return [
    ...new Set(
      patterns
        .filter((pattern) => !pattern.endsWith('/*') && !ARABIC_ALIASES.has(pattern))
        .map((pattern) => {
          const prefix = pattern.split('/:')[0];
          return pattern.replace(/:slug/g, slugs[prefix] ?? 'sample-slug-1').replace(/:id/g, 'sample-id-1');
        }),
    ),
  ];
}

/** What each role's walk covers beyond the visitor's. */
function walkOf(role: Role, slugs: Record<string, string>): string[] {
  const visitor = new Set(ROUTE_ALLOW_LISTS.visitor);
  if (role === 'visitor') return [...pathsOf(ROUTE_ALLOW_LISTS.visitor, slugs), '/no-such-page'];
  const own = pathsOf(
    ROUTE_ALLOW_LISTS[role].filter((pattern) => !visitor.has(pattern)),
    slugs,
  );
  const extra =
    role === 'user'
      ? ['/profile?tab=password', '/profile?tab=settings']
      : role === 'admin'
        ? [
            '/admin',
            ...CMS_KINDS.map((kind) => `/admin/content/${kind}`),
            '/admin/content/pages/new',
            '/admin/admin-info',
            '/admin/messages',
            '/admin/complaints',
          ]
        : [];
  return ['/', ...own, ...extra];
}

/** Until no request has been in flight for a moment (the page's data and remotes arrived). */
function trackRequests(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', () => {
    inFlight += 1;
    last = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return async () => {
    const started = Date.now();
    while (Date.now() - started < 6000 && (inFlight > 0 || Date.now() - last < 200)) {
      await page.waitForTimeout(50);
    }
  };
}

/** What the shell shows: a page with an <h1>, or a fallback; no cover or skeleton left. */
async function settled(page: Page, quiet: () => Promise<void>): Promise<void> {
  await quiet();
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.shell-cover, #main .mz-skeleton') &&
        Boolean(document.querySelector('#main h1, [data-testid="remote-fallback"]')),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
}

async function go(page: Page, path: string): Promise<void> {
  await navigateInApp(page, path);
}

/**
 * The structure of <main> as it renders at this width, without its words: each element's
 * tag, role, classes, attribute names, whether it holds text of its own and whether it is
 * shown. Equal structures give equal axe results (colours, names present or missing, roles).
 */
function structureOfMain(page: Page): Promise<string> {
  return page.evaluate(() => {
    const main = document.getElementById('main');
    if (!main) return 'no main';
    return [main, ...main.querySelectorAll('*')]
      .map((element) => {
        const attributes = [...element.attributes]
          .map((attribute) => attribute.name)
          .filter((name) => name !== 'style' && !name.startsWith('data-'))
          .sort()
          .join(',');
        const ownText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        const shown = (element as HTMLElement).offsetParent !== null || element === main;
        const empty = element.getAttribute('alt') === '' ? 'alt=""' : '';
        return `${element.tagName}[${element.getAttribute('role') ?? ''}|${element.className}|${attributes}|${empty}|${ownText ? 't' : ''}|${shown ? '' : 'h'}]`;
      })
      .join('');
  });
}

interface Walk {
  found: string[];
  /** `<width> <structure of main>` already checked. */
  seen: Set<string>;
  pages: number;
  axeRuns: number;
}

/** The serious and critical violations, one line each; `main` limits axe to <main>. */
async function check(page: Page, walk: Walk, where: string, main: boolean): Promise<void> {
  const violations = await axeViolations(page, { main });
  walk.axeRuns += 1;
  walk.found.push(
    ...violations
      .filter(isBlocking)
      .map(
        (violation) =>
          `${where}: ${violation.id} (${violation.impact}) ${violation.targets.slice(0, 3).join(' | ')}`,
      ),
  );
}

/** A page at both widths: all of it (`whole`), or <main> when its structure is new. */
async function checkPage(page: Page, walk: Walk, where: string, whole: boolean): Promise<void> {
  walk.pages += 1;
  // axe checks <main> alone below, so the page-wide rule that matters is checked here.
  expect((await page.title()).trim(), `${where}: a document title`).not.toBe('');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const key = `${width} ${await structureOfMain(page)}`;
    if (!whole && walk.seen.has(key)) continue;
    walk.seen.add(key);
    await check(page, walk, `${where} @${width}`, !whole);
  }
}

/** A role's walk: its first page whole, then every path's <main>, then its overlays. */
async function walkRole(
  page: Page,
  walk: Walk,
  site: SiteKey,
  lang: Lang,
  role: Role,
  paths: string[],
): Promise<void> {
  const quiet = trackRequests(page);
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(SITE[site].url + path);
    else await go(page, path);
    await settled(page, quiet);
    await checkPage(page, walk, `${site} ${lang} ${role} ${path}`, index === 0);
  }
}

/** The chrome's overlays, opened the way a user opens them, then checked whole. */
async function checkOverlays(page: Page, walk: Walk, lang: Lang, role: Role): Promise<void> {
  await go(page, '/');
  await page.waitForSelector('#main h1');
  if (role === 'visitor') {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByTestId('menu-button').click();
    await expect(page.getByTestId('header-drawer')).toBeVisible();
    await check(page, walk, `${lang} ${role} drawer open @375`, false);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('header-drawer')).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('country-switcher').click();
    await check(page, walk, `${lang} ${role} country list open @1280`, false);
    await page.keyboard.press('Escape');
    return;
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('user-chip').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await check(page, walk, `${lang} ${role} account list open @1280`, false);
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await check(page, walk, `${lang} ${role} logout confirm open @1280`, false);
  await page.getByTestId('confirm-dialog-cancel').click();
}

const ROLES_WALKED = ['visitor', 'user', 'agent', 'company', 'admin'] as const;

/** A walk's serious and critical violations, all at once (each line names page and width). */
function expectClean(walk: Walk, lang: Lang, what: string): void {
  console.log(`accessibility ${lang} ${what}: ${walk.pages} pages walked, ${walk.axeRuns} axe runs`);
  expect(
    walk.found,
    `${walk.found.length} serious/critical axe violations:\n${walk.found.join('\n')}`,
  ).toEqual([]);
}

// One test per role and language (and one for the Saudi site's differences), so the walks run
// on both workers and each has its own time budget: the routes grow with every feature.
test.describe('accessibility: axe on every route, en + ar, 375 + 1280 px', () => {
  for (const lang of ['en', 'ar'] as const) {
    for (const role of ROLES_WALKED) {
      test(`${role}'s routes, ${lang}`, async ({ browser, request }) => {
        test.setTimeout(600_000);
        const slugs = {
          '/pages': 'about-us',
          '/blog': await firstSlug(request, 'ae', CONTENT_API.blogs),
          '/communities': await firstSlug(request, 'ae', CONTENT_API.communities),
        };
        const walk: Walk = { found: [], seen: new Set(), pages: 0, axeRuns: 0 };
        const context = await browser.newContext();
        await useLanguage(context, lang);
        if (role !== 'visitor') {
          const account = ACCOUNTS[role];
          await putSession(
            context,
            'ae',
            await apiLogin(request, 'ae', account.kind, SITE.ae.seeded[SEEDED[role]], account.password),
          );
        }
        const page = await context.newPage();
        await walkRole(page, walk, 'ae', lang, role, walkOf(role, slugs));
        // The overlays are the same component for every signed-in role: checked once.
        if (role === 'visitor' || role === 'user') await checkOverlays(page, walk, lang, role);
        await context.close();
        expectClean(walk, lang, role);
      });
    }

    // The Saudi site differs in the chrome (footer app links and licence, My orders in the
    // account list) and the profile (the Nafath block).
    test(`the Saudi site's differences, ${lang}`, async ({ browser, request }) => {
      test.setTimeout(600_000);
      const walk: Walk = { found: [], seen: new Set(), pages: 0, axeRuns: 0 };
      for (const role of ['visitor', 'user'] as const) {
        const context = await browser.newContext();
        await useLanguage(context, lang);
        if (role === 'user') {
          await putSession(context, 'sa', await apiLogin(request, 'sa', 'customer', SITE.sa.seeded.customer));
        }
        const page = await context.newPage();
        await walkRole(
          page,
          walk,
          'sa',
          lang,
          role,
          role === 'user' ? ['/profile', '/my-orders'] : ['/', '/login'],
        );
        await context.close();
      }
      expectClean(walk, lang, 'sa');
    });
  }
});
