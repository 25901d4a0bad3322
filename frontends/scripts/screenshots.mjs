// Looks at the built frontends in a real browser (Debian's Chromium + playwright-core):
// `/`, `/buy/properties-for-sale` and `/contact-us` on both sites, in both languages, at
// 375/768/1280 px, plus a few journeys (language switch, country switch, a remote that is
// down, and journeys-data.mjs: Back to results, one shared read, sticky tabs, the footer
// without admin info). Writes PNGs to frontends/.screenshots/ and fails on a broken page or a
// console error.
// Usage: node frontends/scripts/screenshots.mjs   (after building the five frontends)
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeToken, launchBrowser, openPage } from './browser-kit.mjs';
import { dataJourneys } from './journeys-data.mjs';
import { startPreview } from './preview.mjs';

const OUT = resolve(fileURLToPath(new URL('../.screenshots', import.meta.url)));
const WIDTHS = [375, 768, 1280];
const PATHS = [
  ['home', '/'],
  ['buy', '/buy/properties-for-sale'],
  ['contact', '/contact-us'],
];
const failures = [];
const check = (condition, message) => {
  if (!condition) failures.push(message);
};

const preview = await startPreview(Number(process.env.PREVIEW_PORT ?? 3300));
const browser = await launchBrowser();
await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });

try {
  // The matrix: site × language × width × page.
  for (const site of ['ae', 'sa']) {
    for (const language of ['en', 'ar']) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
        for (const [name, path] of PATHS) {
          const errors = [];
          const page = await openPage(context, `${preview.url(site)}${path}?lang=${language}`, errors);
          const where = `${site}/${language}/${width}/${name}`;
          check(
            (await page.getAttribute('html', 'dir')) === (language === 'ar' ? 'rtl' : 'ltr'),
            `${where}: html dir`,
          );
          check((await page.getAttribute('html', 'lang')) === language, `${where}: html lang`);
          check(await page.getByTestId('site-header').isVisible(), `${where}: header`);
          check(await page.getByTestId('site-footer').isVisible(), `${where}: footer`);
          const currency = await page.getByTestId('currency-indicator').textContent();
          const expected = { ae: { en: 'AED', ar: 'د.إ' }, sa: { en: 'SAR', ar: '﷼' } }[site][language];
          check(currency === expected, `${where}: currency ${currency} ≠ ${expected}`);
          if (name === 'buy') {
            await page.getByTestId('property-card').first().waitFor();
            check((await page.getByTestId('property-card').count()) === 20, `${where}: 20 cards on page 1`);
            check(await page.getByTestId('load-more').isVisible(), `${where}: load more`);
            const columns = await page.$eval(
              '[data-testid="property-grid"]',
              (grid) => window.getComputedStyle(grid).gridTemplateColumns.split(' ').length,
            );
            check(columns === { 375: 1, 768: 2, 1280: 3 }[width], `${where}: ${columns} grid columns`);
          }
          check(
            !(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)),
            `${where}: horizontal overflow`,
          );
          const file = join(OUT, `${site}-${language}-${width}-${name}`);
          await page.screenshot({ path: `${file}.png` });
          // Scroll through so lazy cover photos load, then the whole page.
          await page.evaluate(async () => {
            for (let y = 0; y < document.body.scrollHeight; y += 600) {
              window.scrollTo(0, y);
              await new Promise((done) => setTimeout(done, 40));
            }
            window.scrollTo(0, 0);
          });
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: `${file}-full.png`, fullPage: true });
          check(errors.length === 0, `${where}: console errors ${errors.join(' | ')}`);
          await page.close();
        }
        await context.close();
      }
    }
  }

  // Identity screens (no header/footer) and the account and company screens: both sites,
  // both languages, 375 and 1280 px.
  const AUTH_WIDTHS = [375, 1280];
  const pending = (site) => ({
    countryCode: site === 'sa' ? '+966' : '+971',
    mobile: '501234567',
    purpose: 'signup',
    loginType: 'Customer',
    expiresAt: Date.now() + 10 * 60_000,
    resendAt: Date.now() + 5 * 60_000,
  });
  const IDENTITY_SCREENS = [
    ['login', '/login?type=Customer', null, 'login-page', true],
    ['login-company', '/login?type=Company', null, 'login-page', true],
    ['register-customer', '/register?type=Customer', null, 'register-page', true],
    ['register-agent', '/register?type=Agent', null, 'register-page', true],
    ['register-company', '/register?type=Company', null, 'register-page', true],
    ['otp', '/otpVerify', null, 'otp-page', true],
    ['forgot', '/forgotPassword', null, 'forgot-page', true],
    ['reset', '/resetPassword', null, 'reset-page', true],
    ['profile', '/profile', ['user', 'Sara'], 'my-profile', false],
    ['profile-settings', '/profile?tab=settings', ['user', 'Sara'], 'settings', false],
    ['profile-password', '/profile?tab=password', ['agent', 'Omar'], 'change-password', false],
    ['my-agents', '/myAgents', ['company', 'Bayt Al Khaleej'], 'agent-row', false],
    ['add-agent', '/addAgent', ['company', 'Bayt Al Khaleej'], 'agent-form', false],
  ];
  for (const site of ['ae', 'sa']) {
    for (const language of ['en', 'ar']) {
      for (const width of AUTH_WIDTHS) {
        for (const [name, path, login, ready, headerless] of IDENTITY_SCREENS) {
          const context = await browser.newContext({
            viewport: { width, height: 900 },
            deviceScaleFactor: 1,
          });
          await context.addInitScript(
            ([token, state]) => {
              if (token) localStorage.setItem('token', token);
              if (token) localStorage.setItem('refresh_token', 'refresh');
              window.sessionStorage.setItem('manzil.otpVerify', JSON.stringify(state));
              window.sessionStorage.setItem(
                'manzil.resetPassword',
                JSON.stringify({ resetToken: 'reset-1', loginType: 'Customer' }),
              );
            },
            [login ? fakeToken(...login) : null, pending(site)],
          );
          const errors = [];
          const page = await openPage(
            context,
            `${preview.url(site)}${path}${path.includes('?') ? '&' : '?'}lang=${language}`,
            errors,
          );
          const where = `${site}/${language}/${width}/${name}`;
          await page
            .getByTestId(ready)
            .first()
            .waitFor({ timeout: 8000 })
            .catch(() => failures.push(`${where}: ${ready} never showed`));
          check(
            (await page.getAttribute('html', 'dir')) === (language === 'ar' ? 'rtl' : 'ltr'),
            `${where}: html dir`,
          );
          check(
            (await page.getByTestId('site-header').count()) === (headerless ? 0 : 1),
            `${where}: header shown ≠ ${!headerless}`,
          );
          check(
            !(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)),
            `${where}: horizontal overflow`,
          );
          await page.screenshot({
            path: join(OUT, `${site}-${language}-${width}-${name}.png`),
            fullPage: true,
          });
          check(errors.length === 0, `${where}: console errors ${errors.join(' | ')}`);
          await context.close();
        }
      }
    }
  }

  // Journeys: validation in Arabic, login → avatar → dropdown → logout confirm; an unverified
  // login → /otpVerify; Saudi Nafath number; the agent refused for lack of a subscription.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    const page = await openPage(context, `${preview.url('sa')}/login?type=Customer&lang=ar`, errors);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-mobile-error').waitFor();
    check(
      (await page.getByTestId('login-mobile-error').textContent()) === 'يرجى إدخال رقم الجوال.',
      'Arabic contract message beside the mobile',
    );
    await page.screenshot({ path: join(OUT, 'sa-ar-1280-login-errors.png') });
    await page.getByTestId('login-mobile-input').fill('٥٠١٢٣٤٥٦٧');
    check(
      (await page.getByTestId('login-mobile-input').inputValue()) === '501234567',
      'Arabic-Indic digits normalised',
    );
    await page.getByTestId('login-password').locator('input').fill('Secret#123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/profile/);
    await page.getByTestId('nafath').waitFor();
    check(await page.getByTestId('user-chip').isVisible(), 'avatar in the header after login');
    check(
      (await page.getByTestId('user-chip').getByTestId('avatar-letter').textContent()) === 'S',
      'avatar letter',
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'token');
    check(Boolean(cookie?.value), 'token cookie set');
    await page.getByTestId('nafath-id').locator('input').fill('1012345678');
    await page.getByTestId('nafath-submit').click();
    await page.getByTestId('nafath-random').waitFor();
    check((await page.getByTestId('nafath-random').textContent()) === '42', 'Nafath random shown');
    await page.screenshot({ path: join(OUT, 'sa-ar-1280-nafath-waiting.png'), fullPage: true });
    await page.getByTestId('user-chip').click();
    await page.getByTestId('user-menu').waitFor();
    check(await page.getByTestId('menu-orders').isVisible(), 'My orders on the Saudi site');
    await page.screenshot({ path: join(OUT, 'sa-ar-1280-user-menu.png') });
    await page.getByTestId('menu-logout').click();
    await page.getByTestId('confirm-dialog').waitFor();
    await page.screenshot({ path: join(OUT, 'sa-ar-1280-logout-confirm.png') });
    await page.getByTestId('confirm-dialog-ok').click();
    await page.waitForURL(/\/login\?type=Customer/);
    check((await page.evaluate(() => localStorage.getItem('token'))) === null, 'logout clears the token');
    check(errors.length === 0, `login journey: ${errors.join(' | ')}`);

    await page.getByTestId('login-mobile-input').fill('500000000');
    await page.getByTestId('login-password').locator('input').fill('Secret#123');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/otpVerify/);
    await page.getByTestId('otp-countdown').waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    check(await page.getByTestId('otp-countdown').isVisible(), 'OTP state survives a reload');
    await page.screenshot({ path: join(OUT, 'sa-ar-1280-otp-after-login.png') });
    await context.close();
  }
  {
    const context = await browser.newContext({ viewport: { width: 375, height: 900 } });
    await context.addInitScript(
      (token) => localStorage.setItem('token', token),
      fakeToken('company', 'Bayt'),
    );
    const errors = [];
    const page = await openPage(context, `${preview.url('ae')}/addAgent`, errors);
    await page.getByTestId('agent-submit').click();
    check(
      (await page.getByTestId('agent-picture-error').textContent()) === 'Please upload profile picture.',
      'picture required on add agent',
    );
    await page
      .getByTestId('agent-picture-input')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await page.getByTestId('agent-picture').locator('img').waitFor();
    for (const [id, value] of [
      ['agent-firstName', 'Lina'],
      ['agent-lastName', 'Saleh'],
      ['agent-email', 'lina@example.com'],
      ['agent-brn', '12345'],
      ['agent-password', 'Secret#123'],
      ['agent-confirm', 'Secret#123'],
    ])
      await page.getByTestId(id).locator('input').fill(value);
    await page.getByTestId('agent-mobile-input').fill('501234567');
    await page.getByTestId('agent-submit').click();
    await page.getByTestId('needs-subscription').waitFor();
    await page.screenshot({ path: join(OUT, 'ae-en-375-add-agent-subscription.png'), fullPage: true });
    const unexpected = errors.filter((e) => !e.includes('402'));
    check(unexpected.length === 0, `add agent journey: ${unexpected.join(' | ')}`);
    await context.close();
  }

  // Load more, the Arabic alias, the empty state.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    const page = await openPage(context, `${preview.url('ae')}/buy/properties-for-sale`, errors);
    await page.getByTestId('load-more').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="property-card"]').length === 26,
    );
    check(!(await page.getByTestId('load-more').isVisible()), 'load more hides at the end');
    await page.goto(`${preview.url('sa')}/${encodeURI('ايجار/عقارات-للايجار')}?lang=ar`, {
      waitUntil: 'networkidle',
    });
    check((await page.getByTestId('property-card').count()) === 9, 'Arabic alias of rent lists 9');
    await page.screenshot({ path: join(OUT, 'sa-ar-1280-rent-alias.png') });
    await page.goto(`${preview.url('ae')}/commercial/properties-for-rent`, { waitUntil: 'networkidle' });
    check(await page.getByTestId('listing-empty').isVisible(), 'empty state');
    await page.screenshot({ path: join(OUT, 'ae-en-1280-empty.png') });
    check(errors.length === 0, `load more/alias/empty: ${errors.join(' | ')}`);
    await context.close();
  }

  // Language switch: cookie, <html dir>, the alternate-language path, the headers sent.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const errors = [];
    const page = await openPage(context, `${preview.url('ae')}/buy/properties-for-sale`, errors);
    await page.getByTestId('language-option-ar').first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('property-card').first().waitFor();
    check(
      decodeURI(new URL(page.url()).pathname) === '/شراء/عقارات-للبيع',
      `language switch goes to the Arabic path (${page.url()})`,
    );
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    // We ask for 10 years (spec §9); Chromium caps every cookie at 400 days.
    check(
      cookie?.value === 'ar' && cookie.expires > Date.now() / 1000 + 390 * 24 * 3600,
      `lang cookie (${JSON.stringify(cookie)})`,
    );
    const headingAr = await page.getByTestId('listing-heading').textContent();
    check(headingAr?.includes('للبيع'), `Arabic heading (${headingAr})`);
    const last = preview.apiLog.filter((entry) => entry.path === '/api/search/v1/properties').at(-1);
    check(
      last?.language === 'ar' && /^[+-]\d\d:\d\d$/.test(last?.timezoneOffset ?? ''),
      `API headers ${JSON.stringify(last)}`,
    );
    const configCalls = preview.apiLog.filter((entry) => entry.path === '/api/content/v1/config');
    check(
      configCalls.some((c) => c.language === 'ar'),
      'config refetched in Arabic',
    );
    // Country switch: same path on the other site's origin, language carried over.
    await page.getByTestId('country-switcher').click();
    await page.screenshot({ path: join(OUT, 'ae-ar-1280-country-open.png') });
    await Promise.all([page.waitForURL(/sa\.localhost/), page.getByTestId('country-option-sa').click()]);
    await page.getByTestId('property-card').first().waitFor();
    check(
      (await page.getByTestId('currency-indicator').textContent()) === '﷼',
      'Saudi site in Arabic after the switch',
    );
    check(!new URL(page.url()).searchParams.has('lang'), 'lang param tidied away');
    check(errors.length === 0, `language/country switch: ${errors.join(' | ')}`);
    await context.close();
  }

  await dataJourneys({ browser, preview, check, openPage, shot: (name) => join(OUT, `${name}.png`) });

  // Guards: a visitor is sent to /login; an agent may open /manage-properties.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openPage(context, `${preview.url('ae')}/manage-properties`, []);
    check(new URL(page.url()).pathname === '/login', `visitor redirected to /login (${page.url()})`);
    await page.screenshot({ path: join(OUT, 'ae-en-1280-login.png') });
    await context.close();
  }

  // A remote that is down never blanks the page.
  {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('token', token), fakeToken('agent', 'Omar'));
    await context.route('**/remotes/agent-portal/**', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${preview.url('ae')}/manage-properties`, { waitUntil: 'networkidle' });
    await page.getByTestId('remote-unavailable').waitFor();
    check(await page.getByTestId('site-header').isVisible(), 'header stays when agent-portal is down');
    check(await page.getByTestId('site-footer').isVisible(), 'footer stays when agent-portal is down');
    check(await page.getByTestId('user-chip').isVisible(), 'agent is logged in');
    await page.screenshot({ path: join(OUT, 'ae-en-1280-agent-portal-down.png') });
    await page.getByTestId('language-option-ar').first().click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByTestId('remote-unavailable').waitFor();
    await page.screenshot({ path: join(OUT, 'ae-ar-1280-agent-portal-down.png') });
    await page.getByTestId('logo').first().click();
    await page.getByTestId('home-search-submit').waitFor();
    check(true, 'customer remote still loads');
    await context.unroute('**/remotes/agent-portal/**');
    await page.goto(`${preview.url('ae')}/manage-properties`, { waitUntil: 'networkidle' });
    await page.getByTestId('manage-properties-page').waitFor();
    await page.screenshot({ path: join(OUT, 'ae-ar-1280-manage-properties.png') });
    await context.close();
  }
} finally {
  await browser.close();
  await preview.close();
}

if (failures.length) {
  console.error(`${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`All checks passed; screenshots in ${OUT}`);
