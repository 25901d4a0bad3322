// A customer bids on the live auction with a bidding fee, pays the fee on the sandbox's Stripe
// Checkout, comes back through /payments/paymentSuccess to the auction, and sees the bid
// accepted once payments' signed webhook → payments.bid-fee.paid → auctions has run. On ae in
// English, then on sa in Arabic (the bid typed with Arabic-Indic digits).
import { expect, test, type Browser } from '@playwright/test';
import { demoCompanies, listingPagePath, type ListingsReport } from '@manzil/contracts';
import { contentShot, open } from '../helpers/content.js';
import { SITE, api, apiLogin, putSession, type Lang, type SiteKey } from '../helpers/identity.js';
import { expectDirection } from './helpers.js';

/** The seeded live auction of each site that has a bidding fee (services/auctions/src/seed.ts). */
const FEE_AUCTION: Record<SiteKey, string> = {
  ae: '01936000-0000-7000-8000-00000000a102',
  sa: '01936000-0000-7000-8000-00000000a202',
};
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const toArabicDigits = (text: string) => text.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);
const ACCEPTED = { en: 'Accepted', ar: 'مقبولة' };
const FEE_PAID = { en: 'Fee paid', ar: 'تم دفع الرسوم' };

async function bidWithFee(
  browser: Browser,
  request: Parameters<typeof apiLogin>[0],
  site: SiteKey,
  lang: Lang,
) {
  const auctionId = FEE_AUCTION[site];
  const detail = await api(request, site).get(`/api/auctions/v1/auctions/${auctionId}`);
  expect(detail.status(), await detail.text()).toBe(200);
  const { minimumBid, biddingFee } = (
    (await detail.json()) as { results: { minimumBid: number; biddingFee: number } }
  ).results;
  expect(biddingFee).toBeGreaterThan(0);
  const shown = minimumBid.toLocaleString('en-US');
  const context = await browser.newContext();
  try {
    await putSession(context, site, await apiLogin(request, site, 'customer', SITE[site].seeded.customer));
    const page = await context.newPage();
    await open(page, site, lang, encodeURI(`${listingPagePath('auctions', lang)}?auction=${auctionId}`));
    await expect(page.getByTestId('bid-fee')).toContainText(biddingFee.toLocaleString('en-US'));
    await page
      .getByTestId('field-amount')
      .locator('input')
      .fill(lang === 'ar' ? toArabicDigits(String(minimumBid)) : String(minimumBid));
    await page.getByTestId('bid-submit').click();

    // Straight on to the provider's page for the fee, paid there.
    await page.waitForURL(/\/checkout\/cs_test_/, { timeout: 30_000 });
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/payments\/paymentSuccess\?paymentId=.*&bidId=/);
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('payment-status')).toHaveText(lang === 'en' ? 'Paid' : 'مدفوعة');
    await expectDirection(page, lang);
    await contentShot(page, `bid-fee-paid-${site}-${lang}`, true);

    // Back on the auction: the bid, accepted once auctions has read the fee's event.
    await page.getByTestId('payment-back-to-auction').click();
    await expect(page.getByTestId('auction-detail')).toBeVisible();
    const mine = page.getByTestId('my-bid').filter({ hasText: shown }).first();
    await expect(mine.getByTestId('my-bid-status')).toHaveText(ACCEPTED[lang], { timeout: 20_000 });
    await expect(mine.getByTestId('my-bid-payment')).toContainText(FEE_PAID[lang]);
    await expect(page.getByTestId('auction-current-price')).toContainText(shown);
    await contentShot(page, `bid-fee-auction-${site}-${lang}`, true);

    // The profile's "auction properties" tab lists the auction with the bid's state.
    await page.goto(`${SITE[site].url}/profile?tab=auctions`);
    await expect(page.getByTestId('my-auction').first()).toBeVisible();
    await expect(page.getByTestId('my-auction-bid-status').first()).toHaveText(ACCEPTED[lang]);
    await contentShot(page, `profile-auctions-${site}-${lang}`, true);
  } finally {
    await context.close();
  }
}

test('a bid with a bidding fee paid through Checkout is accepted: ae in English, then sa in Arabic', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await bidWithFee(browser, request, 'ae', 'en');
  await bidWithFee(browser, request, 'sa', 'ar');
});

// The company's reports tab drawn in each direction, kept to look at (the charts' axes and
// legend mirrored in Arabic); first a visitor opens one of the company's listings, and the
// views chart counts that view.
test('a visitor views a company listing; its reports tab counts the view, in English and in Arabic (screenshots)', async ({
  browser,
  request,
}) => {
  for (const [site, lang] of [
    ['ae', 'en'],
    ['sa', 'ar'],
  ] as const) {
    // A roster company: the seed's generated listings are its agents' (the e2e company has none).
    const mobile = demoCompanies(site)[0].mobile;
    const tokens = await apiLogin(request, site, 'company', mobile);
    const asCompany = { headers: { authorization: `Bearer ${tokens.token}` } };
    const report = async (bucket: 'day' | 'month') => {
      const response = await api(request, site).get(
        `/api/listings/v1/reports/listings?bucket=${bucket}`,
        asCompany,
      );
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { results: ListingsReport }).results;
    };
    const owned = await api(request, site).get(
      '/api/listings/v1/owner/properties?status=accepted',
      asCompany,
    );
    expect(owned.status(), await owned.text()).toBe(200);
    const listing = (
      (await owned.json()) as { results: { items: { slug: string; state: string }[] } }
    ).results.items.find((item) => item.state === 'active');
    expect(listing, 'the roster company has a public listing').toBeTruthy();
    const viewsToday = async () => (await report('day')).items.at(-1)!.views;
    const before = await viewsToday();

    // A visitor (no session, a browser of its own) opens the listing's page: one view.
    const visitor = await browser.newContext();
    try {
      const page = await visitor.newPage();
      await open(page, site, lang, `/property/${listing!.slug}`);
      await expect(page.getByTestId('property-page')).toBeVisible();
      await expect.poll(viewsToday, { timeout: 15_000 }).toBe(before + 1);
      // Loaded again the same day: still one.
      await page.reload();
      await expect(page.getByTestId('property-page')).toBeVisible();
      await page.waitForTimeout(1_000);
      expect(await viewsToday()).toBe(before + 1);
    } finally {
      await visitor.close();
    }

    const context = await browser.newContext();
    try {
      await putSession(context, site, tokens);
      const page = await context.newPage();
      await open(page, site, lang, '/profile?tab=reports');
      await expect(page.getByTestId('reports-listings').locator('.recharts-surface').first()).toBeVisible();
      await expect(page.getByTestId('reports-spend').locator('.recharts-surface').first()).toBeVisible();
      await expect(
        page.getByTestId('reports-views-leads').locator('.recharts-surface').first(),
      ).toBeVisible();
      const months = await report('month');
      const views = months.items.reduce((sum, item) => sum + item.views, 0);
      await expect(page.getByTestId('reports-views-total')).toHaveText(
        new Intl.NumberFormat('en-GB').format(views),
      );
      await expectDirection(page, lang);
      await contentShot(page, `profile-reports-${site}-${lang}`, true);
    } finally {
      await context.close();
    }
  }
});
