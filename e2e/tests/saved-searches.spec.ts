// Saved searches and alerts (issue 14 item 8), on each site in its language (ae/en, then sa/ar):
// a fresh customer saves the search of a listing page ("Save search", name, instant alerts) and
// finds it under Saved searches (user menu); the seeded agent's new listing matching it is
// approved by the admin; search matches it and the customer is told in-app (/notifications).
import { expect, test, type Browser } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { open, runTag, type Lang, type SiteKey } from '../helpers/content.js';
import { apiCustomer, apiLogin, putSession, shot, SITE, type Tokens } from '../helpers/identity.js';
import { approvedListing, journeyListing, nafathVerify } from '../helpers/listings.js';

const TEXT = {
  en: {
    searchName: 'Two-bedroom flats',
    saved: 'Search saved.',
    instant: 'Instantly',
    daily: 'Once a day',
    updated: 'Alerts updated.',
    notification: 'New listing for your search',
  },
  ar: {
    searchName: 'فلل بخمس غرف',
    saved: 'تم حفظ البحث.',
    instant: 'فورًا',
    daily: 'مرة يوميًا',
    updated: 'تم تحديث التنبيهات.',
    notification: 'عقار جديد في بحثك',
  },
};

/** The listing page and filters a customer saves, and a listing of the agent that matches them. */
const JOURNEYS: {
  site: SiteKey;
  lang: Lang;
  page: string;
  beds: number;
  /** The title of the seeded agent's listing that matches the page's filters. */
  title: (tag: string) => { en: string; ar: string };
}[] = [
  {
    site: 'ae',
    lang: 'en',
    page: `${listingPagePath('buy', 'en')}?beds=2`,
    beds: 2,
    title: (tag) => ({ en: `Saved search flat ${tag}`, ar: `شقة البحث المحفوظ ${tag}` }),
  },
  {
    site: 'sa',
    lang: 'ar',
    page: `${listingPagePath('rent', 'ar')}?beds=5`,
    beds: 5,
    title: (tag) => ({ en: `Saved search villa ${tag}`, ar: `فيلا البحث المحفوظ ${tag}` }),
  },
];

async function signedIn(browser: Browser, site: SiteKey, tokens: Tokens) {
  const context = await browser.newContext();
  await putSession(context, site, tokens);
  return context.newPage();
}

test('a customer saves a search and is told when a matching listing is approved (ae/en, sa/ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  for (const { site, lang, page: listingPage, beds, title } of JOURNEYS) {
    const text = TEXT[lang];
    const customer = await apiCustomer(request, site);
    const page = await signedIn(browser, site, customer.tokens!);

    // Save the search of the listing page: name and instant alerts.
    await open(page, site, lang, listingPage);
    await expect(page.getByTestId('listing-heading')).toBeVisible();
    await page.getByTestId('save-search').click();
    const dialog = page.getByTestId('save-search-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('save-search-name').locator('input').fill(text.searchName);
    await shot(page, `saved-search-dialog-${site}-${lang}`);
    await dialog.getByTestId('save-search-submit').click();
    await expect(page.getByText(text.saved)).toBeVisible();

    // It is under Saved searches, reached from the user menu; daily then back to instant.
    await page.getByTestId('user-chip').click();
    await page.getByTestId('menu-saved-searches').click();
    const row = page.getByTestId('saved-search').filter({ hasText: text.searchName });
    await expect(row).toHaveCount(1);
    const frequency = row.getByTestId('saved-search-frequency');
    await frequency.selectOption('daily');
    await expect(page.getByText(text.updated).first()).toBeVisible();
    await frequency.selectOption('instant');
    await expect(frequency).toHaveValue('instant');
    await shot(page, `saved-searches-${site}-${lang}`);
    // "View results" leads back to the page with its filters.
    await expect(row.getByTestId('saved-search-open')).toHaveAttribute(
      'href',
      new RegExp(`\\?beds=${beds}$`),
    );

    // The seeded agent's matching listing is approved by the admin.
    let agent = await apiLogin(request, site, 'agent', SITE[site].seeded.agent);
    if (site === 'sa') {
      await nafathVerify(request, agent);
      agent = await apiLogin(request, site, 'agent', SITE[site].seeded.agent);
    }
    const tag = runTag();
    const newListing = journeyListing(site, title(tag));
    const { slug } = await approvedListing(request, site, agent, newListing);

    // The customer is told, with a link to the listing.
    const item = page.getByTestId('notification-item').filter({ hasText: newListing.title[lang] });
    await expect
      .poll(
        async () => {
          await open(page, site, lang, '/notifications');
          await page.getByTestId('notifications-list').or(page.getByTestId('notifications-empty')).waitFor();
          return item.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(item).toContainText(text.notification);
    await expect(item).toContainText(text.searchName);
    await expect(item.getByTestId('notification-open')).toHaveAttribute('href', `/property/${slug}`);
    await shot(page, `saved-search-notification-${site}-${lang}`);
    await page.context().close();
  }
});
