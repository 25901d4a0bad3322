// A remote that is down never blanks the page; the language choice persists; visitors are
// sent to /login from routes that need an account.
import { expect, test } from '@playwright/test';
import { SITES, chooseLanguage, expectDirection, footer, header, settle } from './helpers.js';

test('customer remote down: header and footer still work and the fallback shows', async ({ page }) => {
  await page.route('**/remotes/customer/**', (route) => route.abort());
  await page.goto(SITES.ae.url + '/buy/properties-for-sale');
  await settle(page);
  await expect(footer(page)).toBeVisible();
  await expect(page.getByTestId('remote-unavailable').first()).toBeVisible();
  // The header still works: switching the language re-renders the shell in Arabic.
  await chooseLanguage(page, 'ar');
  await expectDirection(page, 'ar');
  await expect(header(page)).toBeVisible();
});

test('agent-portal remote down: the public site is unaffected', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/remotes/agent-portal/**', (route) => route.abort());
  await page.goto(SITES.sa.url + '/');
  await settle(page);
  await expect(footer(page)).toBeVisible();
  await expectDirection(page, 'en');
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a public page fetches the customer remote only, not the portals it does not show', async ({ page }) => {
  const remotes = new Set<string>();
  page.on('request', (request) => {
    const remote = /^\/remotes\/([^/]+)\//.exec(new URL(request.url()).pathname)?.[1];
    if (remote) remotes.add(remote);
  });
  await page.goto(SITES.ae.url + '/buy/properties-for-sale');
  await settle(page);
  await expect(page.getByTestId('site-footer').first()).toBeVisible();
  expect([...remotes]).toEqual(['customer']);
});

test('the language choice persists (local storage and a lang cookie)', async ({ page, context }) => {
  await page.goto(SITES.ae.url + '/');
  await settle(page);
  await chooseLanguage(page, 'ar');
  const cookie = (await context.cookies(SITES.ae.url)).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('ar');
  // Spec: ten years; Chromium caps a cookie's lifetime at 400 days, so: long-lived.
  expect(cookie!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
  const stored = (await page.evaluate('JSON.stringify(Object.values(localStorage))')) as string;
  expect(
    JSON.parse(stored).some((v: string) => /(^|")ar("|$)/.test(v)),
    `localStorage values: ${stored}`,
  ).toBe(true);

  const again = await context.newPage();
  await again.goto(SITES.ae.url + '/');
  await settle(again);
  await expectDirection(again, 'ar');
});

test('a route for signed-in users sends a visitor to /login', async ({ page }) => {
  await page.goto(SITES.ae.url + '/myAgents');
  // /login hides the header and footer (spec §2), so only the address is checked.
  await expect(page).toHaveURL(/\/login(\?|$)/);
});
