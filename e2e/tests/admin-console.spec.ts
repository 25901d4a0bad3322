// The admin console's commerce screens (issue 13 item 8), on ae in English then sa in Arabic:
// the admin schedules an auction of an accepted property (picked from the auctions service's
// read model of listings' events) and it shows on /properties-for-auction's upcoming tab; then
// the admin refunds a company's paid plan through the sandbox's Stripe and sees its history.
import { expect, test } from '@playwright/test';
import { listingPagePath } from '@manzil/contracts';
import { adminTokens, contentShot, open, type Lang, type SiteKey } from '../helpers/content.js';
import { SITE, api, apiLogin, putSession } from '../helpers/identity.js';
import { navigateInApp } from './helpers.js';

const JOURNEYS: { site: SiteKey; lang: Lang }[] = [
  { site: 'ae', lang: 'en' },
  { site: 'sa', lang: 'ar' },
];

const TEXT = {
  en: {
    scheduled: 'The auction is scheduled.',
    upcoming: 'Upcoming',
    refunded: 'Refunded',
    canceled: 'The auction is cancelled.',
    canceledStatus: 'Cancelled',
  },
  ar: {
    scheduled: 'تمت جدولة المزاد.',
    upcoming: 'قادم',
    refunded: 'مستردة',
    canceled: 'تم إلغاء المزاد.',
    canceledStatus: 'ملغى',
  },
};

/** `2026-12-01T18:05` on the site's clock, `minutes` from now. */
function siteLocal(site: SiteKey, minutes: number): string {
  const offsetHours = site === 'ae' ? 4 : 3;
  return new Date(Date.now() + minutes * 60_000 + offsetHours * 3_600_000).toISOString().slice(0, 16);
}

test('an admin schedules an auction from an accepted property and refunds a paid plan (ae/en, sa/ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  for (const { site, lang } of JOURNEYS) {
    const tokens = await adminTokens(request, site);
    const auth = { authorization: `Bearer ${tokens.token}` };
    // A property no auction holds yet, as the console's picker lists them; the demo's sale
    // properties may all be under auction: then the seeded upcoming one is cancelled first.
    const picker = await api(request, site).get('/api/auctions/v1/admin/auctionable-properties?limit=100', {
      headers: auth,
    });
    expect(picker.status(), await picker.text()).toBe(200);
    type Item = { id: string; slug: string; openAuctionId: string | null };
    const items = ((await picker.json()) as { results: { items: Item[] } }).results.items;
    let target = items.find((p) => p.openAuctionId === null);
    let toCancel: string | null = null;
    if (!target) {
      const upcoming = await api(request, site).get(
        '/api/auctions/v1/admin/auctions?status=upcoming&limit=100',
        {
          headers: auth,
        },
      );
      const ids = new Set(
        ((await upcoming.json()) as { results: { items: { id: string }[] } }).results.items.map((a) => a.id),
      );
      target = items.find((p) => p.openAuctionId !== null && ids.has(p.openAuctionId));
      toCancel = target?.openAuctionId ?? null;
    }
    expect(target, 'an accepted property for sale, free or under an upcoming auction').toBeDefined();
    const free = target!;

    // A company's paid plan to refund: bought through the API, paid on the sandbox's page.
    const company = await apiLogin(request, site, 'company', SITE[site].seeded.company);
    const plans = await api(request, site).get('/api/payments/v1/plans?limit=1');
    const planId = ((await plans.json()) as { results: { items: { id: string }[] } }).results.items[0].id;
    const bought = await api(request, site).post('/api/payments/v1/subscriptions/purchase', {
      headers: { authorization: `Bearer ${company.token}` },
      data: { planId },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    const { paymentId, checkoutUrl } = (
      (await bought.json()) as { results: { paymentId: string; checkoutUrl: string } }
    ).results;

    // The payer's Pay on the provider's page (its form posts here; the webhook settles it).
    const paid = await request.post(`${checkoutUrl}/pay`, { maxRedirects: 0 });
    expect(paid.status(), await paid.text()).toBe(303);

    const context = await browser.newContext();
    await putSession(context, site, tokens);
    const page = await context.newPage();

    // The auction, scheduled from the console.
    await open(page, site, lang, '/');
    await navigateInApp(page, '/admin/auctions');
    await expect(page.getByTestId('admin-auctions-page')).toBeVisible();
    if (toCancel) {
      await navigateInApp(page, '/admin/auctions?status=upcoming');
      const seeded = page.locator(`[data-testid="auction-row"][data-auction-id="${toCancel}"]`);
      await seeded.getByTestId('auction-cancel').click();
      await page.getByTestId('confirm-dialog-ok').click();
      await expect(page.getByText(TEXT[lang].canceled)).toBeVisible();
      await navigateInApp(page, '/admin/auctions?status=canceled');
      await expect(seeded.getByTestId('auction-status')).toHaveText(TEXT[lang].canceledStatus);
      await navigateInApp(page, '/admin/auctions');
    }
    await page.getByTestId('auction-new').click();
    const form = page.getByTestId('auction-create-form');
    await form.getByTestId('auction-create').click();
    // Nothing filled: every field says why, in the page's language, nothing sent.
    await expect(form.locator('[role="alert"], .mz-field__error').first()).toBeVisible();
    await form.getByTestId('auction-property-search').fill(free.slug);
    await expect(
      form.getByTestId('auction-property-select').locator(`option[value="${free.id}"]`),
    ).toHaveCount(1);
    await form.getByTestId('auction-property-select').selectOption(free.id);
    await form.getByTestId('auction-starts').fill(siteLocal(site, 30));
    await form.getByTestId('auction-ends').fill(siteLocal(site, 60 * 24 * 3));
    await form.getByTestId('auction-price').fill(lang === 'ar' ? '١٢٠٠٠٠٠' : '1200000');
    await form.getByTestId('auction-increment').fill('5000');
    await contentShot(page, `admin-auction-form-${site}-${lang}`, true);
    await form.getByTestId('auction-create').click();
    await expect(page.getByText(TEXT[lang].scheduled)).toBeVisible();
    const listed = await api(request, site).get('/api/auctions/v1/admin/auctions?status=upcoming&limit=100', {
      headers: auth,
    });
    const auctionId = (
      (await listed.json()) as { results: { items: { id: string; propertyId: string }[] } }
    ).results.items.find((a) => a.propertyId === free.id)?.id;
    expect(auctionId, 'the new auction, upcoming').toBeDefined();
    const row = page.locator(`[data-testid="auction-row"][data-auction-id="${auctionId}"]`);
    await expect(row.getByTestId('auction-status')).toHaveText(TEXT[lang].upcoming);
    await contentShot(page, `admin-auctions-${site}-${lang}`, true);

    // Public: on the upcoming tab of /properties-for-auction.
    await navigateInApp(page, `${listingPagePath('auctions', lang)}?tab=upcoming`);
    await page.getByTestId('auction-tab-upcoming').click();
    await expect(page.locator(`[data-testid="auction-card"][data-auction-id="${auctionId}"]`)).toBeVisible();

    // The refund, from the payments screen.
    await navigateInApp(page, '/admin/payments?status=paid');
    await expect(page.getByTestId('admin-payments-page')).toBeVisible();
    const payment = page.locator(`[data-testid="payment-row"][data-payment-id="${paymentId}"]`);
    await expect(payment).toBeVisible({ timeout: 15_000 });
    await payment.getByTestId('payment-refund').click();
    await page.getByTestId('confirm-dialog-ok').click();
    await navigateInApp(page, '/admin/payments');
    await expect(payment.getByTestId('payment-status')).toHaveText(TEXT[lang].refunded);
    await payment.getByTestId('payment-history-toggle').click();
    await expect(page.getByTestId('payment-history').first()).toBeVisible();
    await contentShot(page, `admin-payments-${site}-${lang}`, true);

    await navigateInApp(page, '/admin/plans');
    await expect(page.getByTestId('plans-table')).toBeVisible();
    await contentShot(page, `admin-plans-${site}-${lang}`, true);
    await context.close();
  }
});
