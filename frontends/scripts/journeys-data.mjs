// Browser journeys of the data layer and the chrome against the preview (stub APIs):
// Back to a results page (every page loaded, the scroll where it was, nothing asked again),
// one admin-info request on /contact-us (the shell's footer and the customer remote share
// the shell's QueryClient through the federation), sticky tabs below the sticky header.
// Imported by screenshots.mjs; `node frontends/scripts/journeys-data.mjs` runs them alone.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const countCards = () => document.querySelectorAll('[data-testid="property-card"]').length;

/** Runs the journeys; `check(condition, message)` records a failure, `shot(name)` a screenshot path. */
export async function dataJourneys({ browser, preview, check, shot, openPage }) {
  const calls = (path, from = 0) => preview.apiLog.slice(from).filter((entry) => entry.path === path).length;

  for (const language of ['en', 'ar']) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 1,
    });
    const errors = [];
    const where = `back navigation (${language})`;
    const page = await openPage(
      context,
      `${preview.url('ae')}/buy/properties-for-sale?lang=${language}`,
      errors,
    );
    await page.getByTestId('load-more').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="property-card"]').length === n,
      26,
    );
    const searched = calls('/api/search/v1/properties');
    const card = page.getByTestId('property-card').nth(22);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await page.waitForTimeout(200);
    const left = await page.evaluate(() => window.scrollY);
    await card.getByRole('link').first().click();
    await page.waitForURL(/\/property\//);
    await page.getByTestId('coming-soon').waitFor();
    check((await page.evaluate(() => window.scrollY)) === 0, `${where}: a new page starts at the top`);
    await page.goBack();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="property-card"]').length === n,
      26,
    );
    await page.waitForTimeout(300);
    const back = await page.evaluate(() => window.scrollY);
    check(left > 1500 && Math.abs(back - left) <= 2, `${where}: scroll ${back} ≠ ${left}`);
    check((await page.evaluate(countCards)) === 26, `${where}: both pages still shown`);
    check(calls('/api/search/v1/properties') === searched, `${where}: Back asked the search again`);
    await page.screenshot({ path: shot(`ae-${language}-1280-back-to-results`) });

    // The type tabs stay below the sticky header while the list scrolls under both.
    const gap = await page.evaluate(() => {
      const header = document.querySelector('[data-testid="site-header"]').getBoundingClientRect();
      const tabs = document.querySelector('.cu-listing__tabs').getBoundingClientRect();
      return tabs.top - header.bottom;
    });
    check(gap >= -1 && gap <= 1, `${where}: listing tabs ${gap}px from the header's bottom`);
    check(errors.length === 0, `${where}: ${errors.join(' | ')}`);
    await context.close();
  }

  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 700 }, deviceScaleFactor: 1 });
    const errors = [];
    const page = await openPage(context, `${preview.url('sa')}/rent/properties-for-rent?lang=ar`, errors);
    await page.getByTestId('property-card').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 900));
    await page.waitForTimeout(200);
    const gap = await page.evaluate(() => {
      const header = document.querySelector('[data-testid="site-header"]').getBoundingClientRect();
      const tabs = document.querySelector('.cu-listing__tabs').getBoundingClientRect();
      return tabs.top - header.bottom;
    });
    check(gap >= -1 && gap <= 1, `sticky tabs at ${width}px: ${gap}px from the header's bottom`);
    await page.screenshot({ path: shot(`sa-ar-${width}-sticky-tabs`) });
    check(errors.length === 0, `sticky tabs at ${width}px: ${errors.join(' | ')}`);
    await context.close();
  }

  {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 1,
    });
    const errors = [];
    const from = preview.apiLog.length;
    const page = await openPage(context, `${preview.url('ae')}/contact-us`, errors);
    await page.getByTestId('contact-details').waitFor();
    await page.waitForLoadState('networkidle');
    // The footer (shell) and the contact details (customer remote) read it through one client.
    const adminInfo = calls('/api/content/v1/admin-info', from);
    check(adminInfo === 1, `/contact-us asked for the admin info ${adminInfo} times, not once`);
    // Pressed while an empty field has the focus: its blur must not move the button away
    // from under the pointer (the click would be lost).
    await page.getByTestId('field-email').locator('input').fill('sara@');
    await page.getByTestId('field-name').locator('input').focus();
    await page.getByTestId('message-submit').click();
    await page.getByTestId('form-error-summary').waitFor({ timeout: 5000 });
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('name'));
    check(focused === 'name', `/contact-us: focus on the first invalid field (${focused})`);
    check(
      (await page.getByRole('alert').count()) === 1,
      '/contact-us: one announcement of the failed submit',
    );
    await page.screenshot({ path: shot('ae-en-1280-contact-errors'), fullPage: true });
    check(errors.length === 0, `/contact-us: ${errors.join(' | ')}`);
    await context.close();
  }

  // Without the admin info: no number shown or dialled, the contact form offered instead.
  for (const language of ['en', 'ar']) {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, deviceScaleFactor: 1 });
    await context.route('**/api/content/v1/admin-info', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"success":false,"message":"down"}',
      }),
    );
    const errors = [];
    const page = await openPage(context, `${preview.url('sa')}/?lang=${language}`, errors);
    const footer = page.getByTestId('site-footer');
    await footer.getByTestId('footer-contact-link').waitFor();
    check(
      (await page.locator('a[href^="tel:"], a[href^="https://wa.me/"]').count()) === 0,
      `footer (${language}): a number without the admin info`,
    );
    await footer.getByTestId('footer-contact-link').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(`sa-${language}-375-footer-without-admin-info`) });
    const unexpected = errors.filter((error) => !error.includes('503'));
    check(unexpected.length === 0, `footer without admin info (${language}): ${unexpected.join(' | ')}`);
    await context.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { mkdir } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { chromium } = await import('playwright-core');
  const { startPreview } = await import('./preview.mjs');
  const out = resolve(fileURLToPath(new URL('../.screenshots/journeys', import.meta.url)));
  await mkdir(out, { recursive: true });
  const preview = await startPreview(Number(process.env.PREVIEW_PORT ?? 3300));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  const failures = [];
  const openPage = async (context, url, errors) => {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.location().url.endsWith('/missing.jpg'))
        errors.push(`${url}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
    await page.goto(url, { waitUntil: 'networkidle' });
    return page;
  };
  try {
    await dataJourneys({
      browser,
      preview,
      openPage,
      check: (condition, message) => condition || failures.push(message),
      shot: (name) => join(out, `${name}.png`),
    });
  } finally {
    await browser.close();
    await preview.close();
  }
  if (failures.length) {
    console.error(`${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`All data journeys passed; screenshots in ${out}`);
}
