// Every content page (spec §2 routes) on both sites in both languages: it renders in the page
// language with its <title>, description, canonical and hreflang alternates; the FAQ
// accordion opens; the blog paginates and opens a post; contact-us keeps what was typed and
// names each wrong field in the page language, then acknowledges a valid message; the
// complaints form and a community page; a 404 for a page that does not exist.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { VALIDATION_MESSAGES, listingPagePath } from '@manzil/contracts';
import {
  LANGS,
  SITE,
  SITE_KEYS,
  currentPath,
  expectSeoHead,
  open,
  runTag,
  type Lang,
  type SiteKey,
} from '../helpers/content.js';
import { api } from '../helpers/identity.js';
import { navigateInApp } from './helpers.js';

const h1 = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

async function cmsPage(request: APIRequestContext, site: SiteKey, lang: Lang, slug: string) {
  const response = await api(request, site).get(`/api/content/v1/pages/${encodeURIComponent(slug)}`, {
    headers: { language: lang },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: { title: string; publicSlug: string; publicSlugAr: string } })
    .results;
}

/** Goes to a path inside the app (client-side, as a link would) and waits for the path. */
async function go(page: Page, pathname: string): Promise<void> {
  await navigateInApp(page, pathname);
}

const ACK = {
  en: 'Thank you for contacting us. Our team will get back to you shortly.',
  ar: 'شكرًا لتواصلك معنا. سيتواصل معك فريقنا قريبًا.',
};

for (const site of SITE_KEYS) {
  for (const lang of LANGS) {
    const msg = (key: keyof typeof VALIDATION_MESSAGES) => VALIDATION_MESSAGES[key][lang];
    test(`${site} ${lang}: every content page with its head`, async ({ page, request }) => {
      // A dozen page loads or more (2.5–3.6 s each on a busy CI machine) and their checks: CI
      // ran past 45 s with no step stuck (2026-11-25, "ae ar", passed on its retry).
      test.setTimeout(90_000);
      const consoleErrors: string[] = [];
      page.on('pageerror', (error) => consoleErrors.push(error.message));

      // Home.
      await open(page, site, lang, '/');
      await expect(page.getByTestId('home-communities')).toBeVisible();
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: `/?lang=${lang}` });

      // The three fixed pages, and /pages/<slug> in the page language.
      for (const [path, slug] of [
        ['/aboutCompany', 'about-us'],
        ['/termsandCondition', 'terms-and-conditions'],
        ['/privacyPolicy', 'privacy-policy'],
      ] as const) {
        // One address for both languages: each language is told apart by `?lang=`.
        const cms = await cmsPage(request, site, lang, slug);
        await go(page, path);
        await expect(h1(page)).toHaveText(cms.title);
        await expect(page.getByTestId('cms-body')).not.toBeEmpty();
        await expectSeoHead(page, site, lang, {
          titleText: cms.title,
          canonicalPath: `${path}?lang=${lang}`,
        });
      }
      const about = await cmsPage(request, site, lang, 'about-us');
      for (const slug of [about.publicSlug, about.publicSlugAr]) {
        await go(page, `/pages/${slug}`);
        await expect(h1(page)).toHaveText(about.title);
        const head = await expectSeoHead(page, site, lang, {
          titleText: about.title,
          canonicalPath: `/pages/${lang === 'ar' ? about.publicSlugAr : about.publicSlug}`,
        });
        expect(head.alternates.en).toBe(`${SITE[site].url}/pages/${about.publicSlug}`);
        expect(head.alternates.ar).toBe(`${SITE[site].url}/pages/${about.publicSlugAr}`);
      }

      // FAQ: grouped questions; a question opens its answer.
      const faqPath = listingPagePath('faq', lang);
      await go(page, faqPath);
      const first = page.getByTestId('faq-item').first();
      await expect(first).toBeVisible();
      await expect(first.locator('.cu-faq__answer')).toBeHidden();
      await first.locator('summary').click();
      await expect(first).toHaveAttribute('open', '');
      await expect(first.locator('.cu-faq__answer')).toBeVisible();
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: faqPath });

      // Blog: 9 a page, the second page, then a post by its slug in the page language.
      await go(page, '/blog');
      await expect(page.getByTestId('blog-card')).toHaveCount(9);
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: `/blog?lang=${lang}` });
      const firstTitle = await page.getByTestId('blog-card').first().locator('h3').textContent();
      await page.getByTestId('blog-pager').getByRole('link', { name: '2', exact: true }).click();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      await expect(page.getByTestId('blog-card').first()).not.toContainText(firstTitle!);
      const cards = await page.getByTestId('blog-card').count();
      expect(cards).toBeGreaterThan(0);
      expect(cards).toBeLessThanOrEqual(9);
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: `/blog?page=2&lang=${lang}` });
      const card = page.getByTestId('blog-card').first();
      const postTitle = (await card.locator('h3').textContent())!;
      await card.getByRole('link').click();
      await expect(page.getByTestId('blog-post')).toBeVisible();
      await expect(h1(page)).toHaveText(postTitle);
      const postPath = currentPath(page);
      expect(postPath).toMatch(lang === 'ar' ? /^\/blog\/[^a-z]+/ : /^\/blog\/[a-z0-9-]+$/);
      await expectSeoHead(page, site, lang, { titleText: postTitle, canonicalPath: postPath });

      // Contact us: wrong fields named in the page language, nothing typed is lost.
      const contactPath = listingPagePath('contact-us', lang);
      await go(page, contactPath);
      const form = page.getByTestId('contact-form');
      await expect(form).toBeVisible();
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: contactPath });
      const name = `Rania ${runTag()}`;
      await form.getByTestId('field-name').locator('input').fill(name);
      await form.getByTestId('field-email').locator('input').fill('rania@example');
      await form.getByTestId('field-mobile-input').fill('12');
      await form.getByTestId('message-submit').click();
      await expect(form.getByTestId('field-email-error')).toHaveText(msg('email.invalid'));
      await expect(form.getByTestId('field-message-error')).toHaveText(msg('message.required'));
      await expect(form.getByTestId('field-mobile-error')).toBeVisible();
      await expect(form.getByTestId('field-name-error')).toHaveCount(0);
      await expect(form.getByTestId('field-name').locator('input')).toHaveValue(name);
      await expect(form.getByTestId('field-email').locator('input')).toHaveValue('rania@example');
      await expect(form.getByTestId('field-mobile-input')).toHaveValue('12');
      await expect(page.getByTestId('toast')).toHaveCount(0);

      // /contactUsNew: the same form; a valid message is acknowledged and the form cleared.
      await go(page, '/contactUsNew');
      const again = page.getByTestId('contact-form');
      await again.getByTestId('field-name').locator('input').fill(name);
      await again.getByTestId('field-email').locator('input').fill('rania@example.com');
      await again.getByTestId('field-message').locator('textarea').fill('Viewing in Arabic, please.');
      await again.getByTestId('message-submit').click();
      await expect(again.getByTestId('field-mobile-error')).toBeVisible();
      await expect(again.getByTestId('field-message').locator('textarea')).toHaveValue(
        'Viewing in Arabic, please.',
      );
      await again.getByTestId('field-mobile-input').fill(site === 'ae' ? '501234567' : '551234567');
      await again.getByTestId('message-submit').click();
      await expect(page.getByTestId('toast')).toContainText(ACK[lang]);
      await expect(again.getByTestId('field-name').locator('input')).toHaveValue('');
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: `/contactUsNew?lang=${lang}` });

      // Complaints and suggestions.
      const complaintsPath = listingPagePath('complaints-and-suggestions', lang);
      await go(page, complaintsPath);
      const complaint = page.getByTestId('complaint-form');
      await expect(complaint).toBeVisible();
      await complaint.getByTestId('message-submit').click();
      await expect(complaint.getByTestId('field-type-error')).toBeVisible();
      await expectSeoHead(page, site, lang, { titleText: /.+/, canonicalPath: complaintsPath });

      // A community page, from the list.
      await go(page, '/communities');
      const community = page.getByTestId('community-card').first();
      const communityName = (await community.locator('h3').textContent())!;
      await community.getByRole('link').click();
      await expect(page.getByTestId('community-page')).toBeVisible();
      await expect(h1(page)).toHaveText(communityName);
      await expectSeoHead(page, site, lang, { titleText: communityName, canonicalPath: currentPath(page) });

      // A page, a post, a community and an address no route knows: the 404 page, in the page
      // language (not a redirect to /login).
      for (const missing of [
        '/pages/no-such-page',
        '/blog/no-such-post',
        '/communities/no-such-place',
        '/no-such-address',
      ]) {
        await go(page, missing);
        expect(new URL(page.url()).pathname).toBe(missing);
        await expect(page.getByTestId('not-found')).toBeVisible();
        await expect(page.getByTestId('not-found')).toContainText(
          lang === 'ar' ? 'الصفحة غير موجودة' : 'Page not found',
        );
        await expect(page).toHaveTitle(lang === 'ar' ? /الصفحة غير موجودة/ : /Page not found/);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      }
      expect(consoleErrors).toEqual([]);
    });
  }
}
