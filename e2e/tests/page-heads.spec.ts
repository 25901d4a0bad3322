// Pages arrive in their own language: a crawler or a link preview that runs no script gets
// `<html lang dir>`, title, description, canonical, hreflang and Open Graph for the route, the
// site and the language, straight from the gateway. Plain HTTP here (Playwright's request
// client), no browser.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SITES } from './helpers.js';

/**
 * GET a page as a crawler would. Node does not resolve `*.localhost` (Chromium does), so the
 * request goes to 127.0.0.1 with the site's Host header.
 */
async function page(request: APIRequestContext, url: string, cookie?: string) {
  const target = new URL(url);
  const local = target.hostname.endsWith('.localhost');
  const response = await request.get(
    local ? `${target.protocol}//127.0.0.1:${target.port || 80}${target.pathname}${target.search}` : url,
    {
      headers: { ...(local ? { host: target.host } : {}), ...(cookie ? { cookie } : {}) },
      maxRedirects: 0,
    },
  );
  const html = await response.text();
  const attr = (re: RegExp) => re.exec(html)?.[1];
  return {
    status: response.status(),
    html,
    lang: attr(/<html[^>]*\blang="([^"]+)"/),
    dir: attr(/<html[^>]*\bdir="([^"]+)"/),
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]+)"/),
    alternates: Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" href="([^"]+)" hreflang="([^"]+)"/g)].map((m) => [m[2], m[1]]),
    ),
    ogLocale: attr(/<meta property="og:locale" content="([^"]+)"/),
    ogTitle: attr(/<meta property="og:title" content="([^"]+)"/),
    robots: attr(/<meta name="robots" content="([^"]+)"/),
    titles: (html.match(/<title>/g) ?? []).length,
  };
}

test('an Arabic listing page arrives in Arabic, rtl, with both languages as alternates (sa)', async ({
  request,
}) => {
  const url = `${SITES.sa.url}/${encodeURIComponent('شراء')}/${encodeURIComponent('عقارات-للبيع')}`;
  const p = await page(request, url);
  expect(p.status).toBe(200);
  expect(p.lang).toBe('ar');
  expect(p.dir).toBe('rtl');
  expect(p.title).toBe('عقارات للبيع في السعودية | منزل');
  expect(p.titles).toBe(1);
  expect(p.ogLocale).toBe('ar_SA');
  expect(decodeURI(p.canonical ?? '')).toBe(`${SITES.sa.url}/شراء/عقارات-للبيع`);
  expect(p.alternates.en).toBe(`${SITES.sa.url}/buy/properties-for-sale`);
  expect(p.alternates['x-default']).toBe(`${SITES.sa.url}/buy/properties-for-sale`);
});

test('the home page follows the lang cookie and ?lang=, in English by default (ae)', async ({ request }) => {
  const english = await page(request, `${SITES.ae.url}/`);
  expect([english.lang, english.dir, english.title]).toEqual([
    'en',
    'ltr',
    'Find your next home in the UAE | Manzil',
  ]);
  const arabic = await page(request, `${SITES.ae.url}/`, 'lang=ar');
  expect([arabic.lang, arabic.dir, arabic.title]).toEqual([
    'ar',
    'rtl',
    'اعثر على منزلك القادم في الإمارات | منزل',
  ]);
  expect(arabic.canonical).toBe(`${SITES.ae.url}/?lang=ar`);
  const query = await page(request, `${SITES.ae.url}/?lang=ar`, 'lang=en');
  expect(query.lang).toBe('ar');
});

test('a CMS page gets its title and description from content, in its language, with both slugs', async ({
  request,
}) => {
  const arabic = await page(request, `${SITES.ae.url}/pages/${encodeURIComponent('من-نحن')}`);
  expect(arabic.status).toBe(200);
  expect(arabic.dir).toBe('rtl');
  expect(arabic.title).toMatch(/^[^a-z]+ \| منزل$/i);
  expect(arabic.description?.length).toBeGreaterThan(20);
  expect(arabic.alternates.en).toBe(`${SITES.ae.url}/pages/about-us`);
  const english = await page(request, `${SITES.ae.url}/pages/about-us`);
  expect(english.lang).toBe('en');
  expect(english.title).toMatch(/ \| Manzil$/);
  expect(english.title).not.toBe(arabic.title);
  expect(decodeURI(english.alternates.ar ?? '')).toBe(`${SITES.ae.url}/pages/من-نحن`);
});

test('a blog post carries its cover as og:image; a missing one is a 404 that is not indexed', async ({
  request,
}) => {
  const post = await page(request, `${SITES.sa.url}/blog/first-time-buyers-guide-sa`);
  expect(post.status).toBe(200);
  expect(post.html).toMatch(/<meta property="og:type" content="article"/);
  expect(post.html).toMatch(/<meta property="og:image" content="http:\/\/sa\.localhost:3000\//);
  const missing = await page(request, `${SITES.sa.url}/blog/no-such-post`);
  expect(missing.status).toBe(404);
  expect(missing.robots).toBe('noindex');
  expect(missing.canonical).toBeUndefined();
  const unknown = await page(request, `${SITES.ae.url}/no/such/page`, 'lang=ar');
  expect([unknown.status, unknown.lang, unknown.title]).toEqual([404, 'ar', 'الصفحة غير موجودة | منزل']);
});

test('the steps of sign-in are not indexed; /login is', async ({ request }) => {
  const login = await page(request, `${SITES.ae.url}/login`);
  expect(login.robots).toBeUndefined();
  expect(login.title).toBe('Log in | Manzil');
  const otp = await page(request, `${SITES.ae.url}/otpVerify`, 'lang=ar');
  expect(otp.robots).toBe('noindex');
  expect(otp.dir).toBe('rtl');
});
