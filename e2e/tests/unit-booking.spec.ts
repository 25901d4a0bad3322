// Online booking of a project unit (issue 13 item 6; spec §6: Saudi site, Saudi residents only).
// On ae in English: a project's units have no booking and the user menu no "My orders". On sa in
// Arabic: a fresh customer without Nafath gets the residents-only message; once verified through
// the sandbox's Nafath, the same customer books a unit of a seeded project, pays on the sandbox's
// Stripe Checkout, and finds the paid booking on /my-orders (and the link in the user menu).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contentShot, open } from '../helpers/content.js';
import { SITE, api, apiCustomer, apiLogin, putSession, type Tokens } from '../helpers/identity.js';
import { expectDirection } from './helpers.js';

const AE_PROJECT = 'marina-crest-residences';
const SA_PROJECT = 'riyadh-olaya-towers';
const RESIDENTS_ONLY_AR =
  'الحجز الإلكتروني متاح للمقيمين في السعودية فقط. يرجى التواصل مع فريقنا لإكمال إجراءات الحجز اليدوي';

/** Verifies a customer with Nafath through identity and the sandbox (as the listing wizard's agent does). */
async function nafathVerify(request: APIRequestContext, tokens: Tokens) {
  const headers = { authorization: `Bearer ${tokens.token}` };
  const nationalId = `1${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const asked = await api(request, 'sa').post('/api/identity/v1/nafath/request', {
    headers,
    data: { nationalId },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  const { transId } = ((await asked.json()) as { results: { transId: string } }).results;
  expect((await api(request, 'sa').post(`/api/sandbox/sandbox/nafath/${transId}/approve`)).status()).toBe(
    200,
  );
  await expect
    .poll(async () => {
      const status = await api(request, 'sa').get('/api/identity/v1/nafath/status', {
        headers,
        params: { transId },
      });
      return ((await status.json()) as { results?: { status?: string } }).results?.status;
    })
    .toBe('COMPLETED');
}

/** Seeded projects reach search through listings' outbox and the bus, behind the seed's listings. */
async function projectInSearch(request: APIRequestContext, site: 'ae' | 'sa', slug: string) {
  await expect
    .poll(async () => (await api(request, site).get(`/api/search/v1/projects/${slug}`)).status(), {
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe(200);
}

test('a Saudi resident books a unit online and pays; others get the residents-only message; not on ae', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  await projectInSearch(request, 'ae', AE_PROJECT);
  await projectInSearch(request, 'sa', SA_PROJECT);

  // UAE, English: no online booking, no orders link.
  const ae = await browser.newContext();
  try {
    await putSession(ae, 'ae', await apiLogin(request, 'ae', 'customer', SITE.ae.seeded.customer));
    const page = await ae.newPage();
    await open(page, 'ae', 'en', `/project/${AE_PROJECT}`);
    await expect(page.getByTestId('project-unit').first()).toBeVisible();
    await expect(page.getByTestId('unit-book')).toHaveCount(0);
    await page.getByTestId('user-chip').click();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page.getByTestId('menu-orders')).toHaveCount(0);
  } finally {
    await ae.close();
  }

  // Saudi Arabia, Arabic: a customer not verified with Nafath is refused with the spec's message.
  const customer = await apiCustomer(request, 'sa');
  const sa = await browser.newContext();
  try {
    await putSession(sa, 'sa', await apiLogin(request, 'sa', 'customer', customer.mobile));
    const page = await sa.newPage();
    await open(page, 'sa', 'ar', `/project/${SA_PROJECT}`);
    const available = page.getByTestId('unit-book').first();
    await available.click();
    await expect(page.getByTestId('booking-residents-only')).toContainText(RESIDENTS_ONLY_AR);
    await expectDirection(page, 'ar');
    await contentShot(page, 'unit-booking-residents-only-sa-ar', true);

    // Verified through Nafath (identity's event reaches listings): the booking goes on to Checkout.
    await nafathVerify(request, customer.tokens!);
    await putSession(sa, 'sa', await apiLogin(request, 'sa', 'customer', customer.mobile));
    await expect(async () => {
      await open(page, 'sa', 'ar', `/project/${SA_PROJECT}`);
      await page.getByTestId('unit-book').first().click();
      await page.waitForURL(/\/checkout\/cs_test_/, { timeout: 8_000 });
    }).toPass({ timeout: 60_000 });
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/payments\/paymentSuccess\?paymentId=.*&bookingId=/);
    await expect(page.getByTestId('payment-paid')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('payment-status')).toHaveText('مدفوعة');

    // The booking on /my-orders, in Arabic, and the link in the user menu.
    await page.getByTestId('payment-my-orders').click();
    await expect(page).toHaveURL(/\/my-orders$/);
    const order = page.getByTestId('order').first();
    await expect(order.getByTestId('order-status')).toHaveText('مدفوعة');
    await expect(order.getByTestId('order-title')).toContainText('·');
    await expectDirection(page, 'ar');
    await contentShot(page, 'unit-booking-my-orders-sa-ar', true);
    await page.getByTestId('user-chip').click();
    await expect(page.getByTestId('menu-orders')).toBeVisible();
  } finally {
    await sa.close();
  }
});
