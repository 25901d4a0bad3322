// Customer engagement (issue 14), on each site in its language (ae/en, then sa/ar): the seeded
// agent's new listing is approved; a fresh customer saves it (the heart, then /myWishlist) and
// books a viewing (date and time in the site's zone); the agent accepts it under "my
// appointment"; the customer sees the notification (bell dot, /notifications) and the accepted
// appointment. Screenshots of each page in both languages.
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { SEARCH_API } from '@manzil/contracts';
import { adminTokens, open, type Lang, type SiteKey } from '../helpers/content.js';
import { api, apiCustomer, apiLogin, putSession, shot, SITE, type Tokens } from '../helpers/identity.js';

const JOURNEYS: { site: SiteKey; lang: Lang }[] = [
  { site: 'ae', lang: 'en' },
  { site: 'sa', lang: 'ar' },
];

const TEXT = {
  en: { saved: 'Saved to your wishlist.', confirmed: 'Your appointment is confirmed', accepted: 'Accepted' },
  ar: { saved: 'تم الحفظ في قائمة المفضلة.', confirmed: 'تم تأكيد موعدك', accepted: 'مقبول' },
};

const LISTING = {
  ae: {
    propertyType: 'buy',
    kind: 'apartment',
    title: { en: 'Engagement journey apartment', ar: 'شقة رحلة التفاعل' },
    rest: {
      description: { en: 'Two bedrooms on a high floor.', ar: 'غرفتا نوم في طابق مرتفع.' },
      price: '2850000',
      bedrooms: 2,
      bathrooms: 3,
      builtUpArea: '1450',
      agreementType: 'exclusive-plus',
      furnishing: 'furnished',
      cityId: 'ae.dubai',
      communityId: 'ae.dubai.dubai-marina',
      subCommunityId: 'ae.dubai.dubai-marina.marina-promenade',
      buildingId: 'ae.dubai.dubai-marina.marina-promenade.delphine-tower',
      latitude: 25.0776,
      longitude: 55.1391,
      permitNumber: '7114567890',
    },
  },
  sa: {
    propertyType: 'rent',
    kind: 'villa',
    title: { en: 'Engagement journey villa', ar: 'فيلا رحلة التفاعل' },
    rest: {
      description: { en: 'A family villa.', ar: 'فيلا عائلية.' },
      priceYearly: '120000',
      bedrooms: 5,
      bathrooms: 6,
      builtUpArea: '450',
      agreementType: 'exclusive',
      cityId: 'sa.riyadh',
      communityId: 'sa.riyadh.al-malqa',
      latitude: 24.812,
      longitude: 46.62,
      regulator: {
        advertiserId: '1012345678',
        adLicenseNumber: '7200001234',
        creationDate: '2026-01-01',
        endDate: '2027-01-01',
        channels: ['licensedPlatform'],
      },
    },
  },
} as const;

const json = async <T>(response: { json(): Promise<unknown> }) =>
  ((await response.json()) as { results: T }).results;

/** The seeded Saudi agent proves its identity with Nafath (the sandbox approves), as adding needs. */
async function nafathVerify(request: APIRequestContext, tokens: Tokens) {
  if (tokens.is_nafath_verified) return;
  const headers = { authorization: `Bearer ${tokens.token}` };
  const nationalId = `1${String(Date.now()).slice(-6)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const asked = await api(request, 'sa').post('/api/identity/v1/nafath/request', {
    headers,
    data: { nationalId },
  });
  expect(asked.status(), await asked.text()).toBeLessThan(300);
  const { transId } = await json<{ transId: string }>(asked);
  expect((await api(request, 'sa').post(`/api/sandbox/sandbox/nafath/${transId}/approve`)).status()).toBe(
    200,
  );
  await expect
    .poll(
      async () =>
        (
          await json<{ status?: string }>(
            await api(request, 'sa').get('/api/identity/v1/nafath/status', { headers, params: { transId } }),
          )
        ).status,
    )
    .toBe('COMPLETED');
}

/** The seeded agent adds a complete listing through the API and the site's admin approves it. */
async function approvedListingOf(request: APIRequestContext, site: SiteKey, agent: Tokens): Promise<string> {
  const listing = LISTING[site];
  const headers = { authorization: `Bearer ${agent.token}`, language: 'en' };
  const http = api(request, site);
  // Listings learns of the Nafath check from identity's event: try until it has.
  let id = '';
  await expect
    .poll(
      async () => {
        const created = await http.post('/api/listings/v1/properties', {
          headers,
          data: { propertyType: listing.propertyType, kind: listing.kind, title: listing.title },
        });
        if (created.status() === 201) id = (await json<{ id: string }>(created)).id;
        return created.status();
      },
      { timeout: 30_000 },
    )
    .toBe(201);
  const patched = await http.patch(`/api/listings/v1/properties/${id}`, { headers, data: listing.rest });
  expect(patched.status(), await patched.text()).toBe(200);
  const colours = ['#2f6f5e', '#c58b3a', '#3b5b8c', '#8c3b5b', '#5b8c3b', '#6b6b6b'];
  const multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }> = {};
  const files = await Promise.all(
    colours.map(async (background, index) => ({
      name: `room-${index + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background } })
        .jpeg()
        .toBuffer(),
    })),
  );
  for (const file of files) {
    multipart.files = file;
    const uploaded = await http.post(`/api/listings/v1/properties/${id}/photos`, { headers, multipart });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const deed = await http.post(`/api/listings/v1/properties/${id}/documents`, {
    headers,
    data: {
      title: 'Title deed',
      fileName: 'title-deed.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1024,
    },
  });
  expect(deed.status(), await deed.text()).toBe(201);
  if (site === 'sa') {
    const licence = await http.post(`/api/listings/v1/properties/${id}/ad-licence`, {
      headers,
      data: {
        advertiserId: LISTING.sa.rest.regulator.advertiserId,
        adLicenseNumber: LISTING.sa.rest.regulator.adLicenseNumber,
      },
    });
    expect(licence.status(), await licence.text()).toBeLessThan(300);
  }
  const submitted = await http.post(`/api/listings/v1/properties/${id}/submit`, { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  const admin = await adminTokens(request, site);
  const approved = await http.post(`/api/listings/v1/admin/properties/${id}/approve`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return (await json<{ slug: string }>(approved)).slug;
}

async function signedIn(browser: Browser, site: SiteKey, tokens: Tokens) {
  const context = await browser.newContext();
  await putSession(context, site, tokens);
  return context.newPage();
}

/** A day 2–20 days ahead in the site's zone (a fresh one per run, so a slot is never taken). */
const bookingDay = (site: SiteKey) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: site === 'ae' ? 'Asia/Dubai' : 'Asia/Riyadh' }).format(
    new Date(Date.now() + (2 + (Date.now() % 19)) * 86_400_000),
  );

test('a customer saves a listing and books a viewing; the agent accepts; the customer is told (ae/en, sa/ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  for (const { site, lang } of JOURNEYS) {
    const text = TEXT[lang];
    let agentTokens = await apiLogin(request, site, 'agent', SITE[site].seeded.agent);
    if (site === 'sa') {
      await nafathVerify(request, agentTokens);
      agentTokens = await apiLogin(request, site, 'agent', SITE[site].seeded.agent);
    }
    const slug = await approvedListingOf(request, site, agentTokens);
    const customer = await apiCustomer(request, site);

    // The customer saves it with the heart, and finds it in the wishlist.
    const page = await signedIn(browser, site, customer.tokens!);
    // Search has it once listing.approved went through the bus.
    await expect
      .poll(async () => (await api(request, site).get(`/api/search${SEARCH_API.property(slug)}`)).status(), {
        timeout: 30_000,
      })
      .toBe(200);
    await open(page, site, lang, `/property/${slug}`);
    await expect(page.getByTestId('property-page')).toBeVisible();
    const heart = page.getByTestId('property-page').getByTestId('wishlist-heart').first();
    await heart.click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(heart).toHaveAttribute('data-saved', 'true');
    await shot(page, `wv-property-${site}-${lang}`);
    await open(page, site, lang, '/myWishlist');
    await expect(page.getByTestId('wishlist-grid').getByTestId('property-card')).toHaveCount(1);
    await shot(page, `wv-wishlist-${site}-${lang}`);

    // It books a viewing at 10:30 of a coming day.
    await open(page, site, lang, `/property/${slug}`);
    await page.getByTestId('book-viewing').click();
    const dialog = page.getByTestId('appointment-dialog');
    await dialog.getByTestId('appointment-date').locator('input').fill(bookingDay(site));
    await dialog.getByTestId('appointment-time-select').selectOption('10:30');
    await dialog
      .getByTestId('appointment-name')
      .locator('input')
      .fill(customer.firstName + ' ' + customer.lastName);
    await dialog.getByTestId('appointment-phone').locator('input').fill(`${SITE[site].prefix}501234567`);
    await dialog.getByTestId('appointment-email').locator('input').fill(`viewer-${Date.now()}@example.com`);
    await shot(page, `wv-booking-${site}-${lang}`);
    await dialog.getByTestId('appointment-submit').click();
    await expect(dialog).toBeHidden();

    // The agent accepts it under "my appointment".
    const agentPage = await signedIn(browser, site, agentTokens);
    await open(agentPage, site, lang, '/profile?tab=appointments');
    const item = agentPage
      .getByTestId('appointment-item')
      .filter({ hasText: LISTING[site].title[lang] })
      .first();
    await expect(item).toHaveAttribute('data-status', 'pending');
    await expect(item.getByTestId('appointment-time')).toHaveText(lang === 'en' ? '10:30 AM' : '10:30 ص');
    await shot(agentPage, `wv-agent-${site}-${lang}`);
    await item.getByTestId('appointment-accept').click();
    await expect(item).toHaveAttribute('data-status', 'accepted');
    await agentPage.context().close();

    // The customer is told: the bell's dot, the notification, the accepted appointment.
    await expect
      .poll(
        async () => {
          await open(page, site, lang, '/notifications');
          await page.getByTestId('notifications-list').or(page.getByTestId('notifications-empty')).waitFor();
          return page.getByTestId('notification-item').filter({ hasText: text.confirmed }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect(page.getByTestId('notification-dot')).toBeVisible();
    await shot(page, `wv-notifications-${site}-${lang}`);
    await page.getByTestId('notification-mark-read').first().click();
    await expect(page.getByTestId('notification-dot')).toBeHidden();
    await open(page, site, lang, '/profile?tab=appointments');
    const mine = page.getByTestId('appointment-item').first();
    await expect(mine.getByTestId('appointment-status')).toHaveText(text.accepted);
    await shot(page, `wv-appointments-${site}-${lang}`);
    await page.context().close();
  }
});
