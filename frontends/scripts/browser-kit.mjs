// What the screenshot scripts share: Debian's Chromium through playwright-core, an unsigned
// session token, and a page that records console errors.
import { chromium } from 'playwright-core';

/** Debian's Chromium, headless (never a downloaded browser). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** An unsigned token with a role: the shell only reads the payload. */
export function fakeToken(role, name) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ role, firstName: name, exp: 4102444800 })}.x`;
}

/** Opens `url` in a new page of `context`; console errors and page errors go into `errors`. */
export async function openPage(context, url, errors) {
  const page = await context.newPage();
  page.on('console', (message) => {
    // The fixtures point one listing in eleven at a missing photo on purpose (placeholder check).
    if (message.type() === 'error' && !message.location().url.endsWith('/missing.jpg'))
      errors.push(`${url}: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
  await page.goto(url, { waitUntil: 'networkidle' });
  return page;
}
