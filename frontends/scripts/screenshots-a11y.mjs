// The accessible chrome, walked with the keyboard against the preview (no backend): skip link,
// country disclosure, user menu, drawer, profile tabs and login kinds, in English and Arabic at
// 375 and 1280 px. Writes PNGs to frontends/.screenshots/a11y/ (focus rings, the drawer's side,
// an rtl page that must not look like a mirrored mistake) and fails on a broken key path.
// Usage: node frontends/scripts/screenshots-a11y.mjs   (after building shell and customer)
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeToken, launchBrowser, openPage } from './browser-kit.mjs';
import { startPreview } from './preview.mjs';

const OUT = resolve(fileURLToPath(new URL('../.screenshots/a11y', import.meta.url)));
const failures = [];
const check = (condition, message) => {
  if (!condition) failures.push(message);
};

const preview = await startPreview(Number(process.env.PREVIEW_PORT ?? 3301));
const browser = await launchBrowser();
await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });

try {
  for (const language of ['en', 'ar']) {
    for (const width of [375, 1280]) {
      const where = `ae-${language}-${width}`;
      const context = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      await context.addInitScript((token) => localStorage.setItem('token', token), fakeToken('user', 'Sara'));
      const errors = [];
      const page = await openPage(context, `${preview.url('ae')}/?lang=${language}`, errors);
      // Past the blank cover the shell shows while the language's messages load.
      await page.getByTestId('site-header').waitFor();
      await page.keyboard.press('Tab');
      check(
        (await page.evaluate(() => document.activeElement?.dataset.testid)) === 'skip-link',
        `${where}: the skip link is the first Tab stop`,
      );
      await page.screenshot({ path: join(OUT, `a11y-${where}-skip-link.png`) });
      await page.keyboard.press('Enter');
      check(
        (await page.evaluate(() => document.activeElement?.id)) === 'main',
        `${where}: the skip link lands on <main>`,
      );
      if (width === 1280) {
        await page.getByTestId('country-switcher').focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        await page.screenshot({ path: join(OUT, `a11y-${where}-country.png`) });
        await page.keyboard.press('Escape');
        check(
          (await page.evaluate(() => document.activeElement?.dataset.testid)) === 'country-switcher',
          `${where}: Escape returns to the country button`,
        );
        await page.getByTestId('user-chip').focus();
        await page.keyboard.press('Enter');
        await page.keyboard.press('Tab');
        await page.screenshot({ path: join(OUT, `a11y-${where}-user-menu.png`) });
        await page.keyboard.press('Escape');
      } else {
        await page.getByTestId('menu-button').focus();
        await page.keyboard.press('Enter');
        await page.getByTestId('header-drawer').waitFor();
        await page.waitForTimeout(400);
        await page.keyboard.press('Tab');
        await page.screenshot({ path: join(OUT, `a11y-${where}-drawer.png`) });
        await page.keyboard.press('Escape');
        check(
          (await page.evaluate(() => document.activeElement?.dataset.testid)) === 'menu-button',
          `${where}: Escape closes the drawer and returns to the menu button`,
        );
      }
      await page.goto(`${preview.url('ae')}/profile?lang=${language}`, { waitUntil: 'networkidle' });
      await page.getByTestId('profile-tab-profile').focus();
      await page.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      check(
        new URL(page.url()).searchParams.get('tab') === 'password',
        `${where}: arrow to the next profile tab`,
      );
      await page.screenshot({ path: join(OUT, `a11y-${where}-profile-tabs.png`) });
      await context.close();
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
      const login = await openPage(
        visitor,
        `${preview.url('ae')}/login?type=Customer&lang=${language}`,
        errors,
      );
      await login.getByTestId('kind-tab-Customer').focus();
      await login.keyboard.press(language === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      check(
        new URL(login.url()).searchParams.get('type') === 'Agent',
        `${where}: arrow to the next login kind`,
      );
      await login.keyboard.press('Tab');
      await login.screenshot({ path: join(OUT, `a11y-${where}-login-tabs.png`) });
      // The preview stubs no notifications or content API: those 404s are expected here.
      const unexpected = errors.filter((error) => !error.includes('/api/'));
      check(unexpected.length === 0, `${where}: console errors ${unexpected.join(' | ')}`);
      await visitor.close();
    }
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
