// A company buys a plan from the home page through the sandbox's Stripe Checkout: the payment
// fails once (spec §8's message on /payments/paymentFailed), then is paid, and
// /payments/paymentSuccess confirms it once the signed webhook has reached payments. In
// English on the UAE site, then in Arabic on the Saudi site.
import { expect, test } from '@playwright/test';
import { SITE, apiLogin, putSession } from '../helpers/identity.js';
import { chooseLanguage, expectDirection, settle } from './helpers.js';

const FAILED = {
  en: 'Sorry, your payment is failed, Please try again or contact us.',
  ar: 'عذرًا، فشلت عملية الدفع، يرجى المحاولة مرة أخرى أو التواصل معنا.',
};

test('a company buys a plan: checkout failed, then paid (ae in English, sa in Arabic)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  for (const [site, lang] of [
    ['ae', 'en'],
    ['sa', 'ar'],
  ] as const) {
    // A context per site: each keeps its own session.
    const context = await browser.newContext();
    const page = await context.newPage();
    await putSession(context, site, await apiLogin(request, site, 'company', SITE[site].seeded.company));
    await page.goto(`${SITE[site].url}/`);
    await settle(page);
    if (lang === 'ar') await chooseLanguage(page, 'ar');
    await expectDirection(page, lang);
    const plans = page.getByTestId('plans-section');
    await expect(plans).toBeVisible();

    await plans.getByTestId('plan-gold-buy').click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByTestId('checkout-fail').click();
    await page.waitForURL(/\/payments\/paymentFailed\?paymentId=/);
    await expect(page.getByTestId('payment-failed')).toContainText(FAILED[lang]);
    await expectDirection(page, lang);

    await page.goto(`${SITE[site].url}/`);
    await page.getByTestId('plans-section').getByTestId('plan-gold-buy').click();
    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/payments\/paymentSuccess\?paymentId=/);
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('payment-status')).toHaveText(lang === 'en' ? 'Paid' : 'مدفوعة');
    await context.close();
  }
});
