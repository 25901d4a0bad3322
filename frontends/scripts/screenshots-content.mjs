// Looks at the site chrome and the content pages in Chromium against a real content service:
// header (375 with the drawer open, 1280), footer, /faq, /blog, a blog post, /contact-us,
// /pages/about-us, the admin console list and editor — both sites, both languages.
// Usage (after building shell, customer, admin, and with a migrated + seeded content service):
//   PREVIEW_CONTENT_URL=http://127.0.0.1:4006 PREVIEW_JWT_KEY=/path/private.pem \
//     node frontends/scripts/screenshots-content.mjs
// PREVIEW_JWT_KEY is the PKCS#8 private key of a key the service's JWKS publishes (JWT_JWKS_URL,
// identity's; the dev key is .data/keys/jwt-private.pem): an admin token is signed with it.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calculateJwkThumbprint, exportJWK, importPKCS8, SignJWT } from 'jose';
import { createPublicKey } from 'node:crypto';
import { chromium } from 'playwright-core';
import { startPreview } from './preview.mjs';

const OUT = resolve(fileURLToPath(new URL('../.screenshots/content', import.meta.url)));
if (!process.env.PREVIEW_CONTENT_URL) throw new Error('set PREVIEW_CONTENT_URL to a running content service');
const failures = [];
const check = (condition, message) => {
  if (!condition) failures.push(message);
};

async function adminToken(site) {
  if (!process.env.PREVIEW_JWT_KEY) return null;
  const pem = await readFile(process.env.PREVIEW_JWT_KEY, 'utf8');
  const key = await importPKCS8(pem, 'RS256');
  // The kid identity would write: the RFC 7638 thumbprint of the public key.
  const kid = await calculateJwkThumbprint(await exportJWK(createPublicKey(pem)));
  return new SignJWT({ role: 'admin', site, firstName: 'Admin', tv: 0 })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(randomUUID())
    .setIssuer(process.env.JWT_ISSUER ?? 'manzil-identity')
    .setAudience(process.env.JWT_AUDIENCE ?? 'manzil')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

const preview = await startPreview(Number(process.env.PREVIEW_PORT ?? 3310));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
await mkdir(OUT, { recursive: true });

async function open(context, url, where) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    // The notification service is not part of this preview: its 404 is expected.
    if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  page.done = async (language) => {
    check(
      (await page.getAttribute('html', 'dir')) === (language === 'ar' ? 'rtl' : 'ltr'),
      `${where}: html dir`,
    );
    check(
      !(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)),
      `${where}: horizontal overflow`,
    );
    check(errors.length === 0, `${where}: console errors ${errors.join(' | ')}`);
    await page.close();
  };
  return page;
}

try {
  for (const site of ['ae', 'sa']) {
    for (const language of ['en', 'ar']) {
      const base = preview.url(site);
      const name = (what) => join(OUT, `${site}-${language}-${what}.png`);
      const q = `?lang=${language}`;

      // Header at 375 with the drawer open, and at 1280.
      const narrow = await browser.newContext({ viewport: { width: 375, height: 800 } });
      let page = await open(narrow, `${base}/${q}`, `${site}/${language}/375/header`);
      await page.getByTestId('menu-button').click();
      await page.getByTestId('header-drawer').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: name('375-header-drawer') });
      await page.keyboard.press('Escape');
      await page.screenshot({ path: name('375-home'), fullPage: true });
      await page.done(language);
      await narrow.close();

      const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await open(wide, `${base}/${q}`, `${site}/${language}/1280/home`);
      await page.getByTestId('top-menu-link').first().waitFor();
      await page.screenshot({ path: name('1280-header'), clip: { x: 0, y: 0, width: 1280, height: 120 } });
      await page.screenshot({ path: name('1280-home'), fullPage: true });
      await page.getByTestId('site-footer').screenshot({ path: name('1280-footer') });
      check(
        (await page.getByTestId('footer-discover').count()) === 1,
        `${site}/${language}: discover column`,
      );
      await page.done(language);

      const pages = [
        ['faq', language === 'ar' ? '/الاسئلة-الشائعة' : '/faq', 'faq-item'],
        ['blog', '/blog', 'blog-card'],
        ['contact', '/contact-us', 'contact-form'],
        ['about', language === 'ar' ? '/pages/من-نحن' : '/pages/about-us', 'static-page'],
        ['community', '/communities', 'community-card'],
      ];
      for (const [what, path, testId] of pages) {
        page = await open(wide, `${base}${path}${q}`, `${site}/${language}/${what}`);
        await page.getByTestId(testId).first().waitFor();
        if (what === 'faq') await page.getByTestId('faq-item').first().locator('summary').click();
        if (what === 'contact') {
          await page
            .getByTestId('field-name')
            .locator('input')
            .fill(language === 'ar' ? 'سارة' : 'Sara');
          await page.getByTestId('message-submit').click();
        }
        check(
          (await page.locator('link[rel="alternate"][hreflang="ar"]').count()) === 1,
          `${site}/${language}/${what}: hreflang`,
        );
        await page.screenshot({ path: name(`1280-${what}`), fullPage: true });
        if (what === 'blog') {
          await page.getByTestId('blog-card').first().locator('a').click();
          await page.getByTestId('blog-post').waitFor();
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: name('1280-blog-post'), fullPage: true });
        }
        await page.done(language);
      }
      await wide.close();

      // Admin console: list and editor (a signed admin token of the site).
      const token = await adminToken(site);
      if (token) {
        const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await admin.addInitScript((value) => localStorage.setItem('token', value), token);
        page = await open(admin, `${base}/admin/content/pages${q}`, `${site}/${language}/admin-list`);
        await page.getByTestId('admin-row').first().waitFor();
        await page.screenshot({ path: name('1280-admin-list'), fullPage: true });
        await page.getByTestId('admin-row').first().locator('a').first().click();
        await page.getByTestId('admin-editor-pages').waitFor();
        await page.screenshot({ path: name('1280-admin-editor'), fullPage: true });
        await page.done(language);
        await admin.close();
      }
    }
  }
} finally {
  await browser.close();
  await preview.close();
}

if (failures.length) {
  console.error(`✗ ${failures.length} problem(s):\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`✓ content screenshots in ${OUT}`);
