// Notification channels in the profile (issue 14, point 7/8), on each site in its language: a
// fresh customer opens Settings, turns a channel off (ae/en: e-mail, sa/ar: text messages),
// saves, reloads and finds it kept. The seeded agent then accepts the customer's appointment:
// the notice arrives in-app and on the channel left on, and nothing reaches the sandbox's sink of
// the channel turned off. Screenshots of the section in both languages.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { APPOINTMENT_TIMES, SITE_TIME_ZONE } from '@manzil/contracts';
import { open, type Lang, type SiteKey } from '../helpers/content.js';
import {
  api,
  apiCustomer,
  apiLogin,
  freshEmail,
  putSession,
  shot,
  SITE,
  type Tokens,
} from '../helpers/identity.js';

const JOURNEYS = [
  { site: 'ae', lang: 'en', off: 'email', on: 'sms' },
  { site: 'sa', lang: 'ar', off: 'sms', on: 'email' },
] as const satisfies readonly { site: SiteKey; lang: Lang; off: 'email' | 'sms'; on: 'email' | 'sms' }[];

const TEXT = {
  en: {
    title: 'Notifications',
    channel: { email: 'E-mail', sms: 'Text message (SMS)' },
    saved: 'Your notification choices have been saved.',
    confirmed: 'Your appointment is confirmed',
  },
  ar: {
    title: 'الإشعارات',
    channel: { email: 'البريد الإلكتروني', sms: 'الرسائل النصية القصيرة' },
    saved: 'تم حفظ اختيارات الإشعارات.',
    confirmed: 'تم تأكيد موعدك',
  },
};

interface SinkItem {
  to: string;
  sentAt: string;
  subject?: string;
  body?: string;
}

/** What the sandbox's SMS or e-mail sink received for `to` from `since` (ms) on. */
async function sink(
  request: APIRequestContext,
  site: SiteKey,
  channel: 'email' | 'sms',
  to: string,
  since: number,
) {
  const response = await api(request, site).get(`/api/sandbox/v1/${channel}`, {
    params: { to, page: 1, limit: 20 },
  });
  const body = (await response.json()) as { results: { items: SinkItem[] } };
  return body.results.items.filter((item) => Date.parse(item.sentAt) >= since - 1000);
}

const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.token}` });
const accountOf = (tokens: Tokens) =>
  (JSON.parse(Buffer.from(tokens.token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

// One test per site, so the two run side by side (about 20 s each on this machine).
for (const { site, lang, off, on } of JOURNEYS) {
  test(`a customer turns ${off} off in Settings; it is kept, and an accepted appointment does not use it (${site}/${lang})`, async ({
    browser,
    request,
  }) => {
    const text = TEXT[lang];
    const customer = await apiCustomer(request, site);
    const tokens = customer.tokens!;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await putSession(context, site, tokens);
    const page = await context.newPage();

    // Settings: both channels on until chosen; one turned off and saved.
    await open(page, site, lang, '/profile?tab=settings');
    const section = page.getByTestId('notification-settings');
    await expect(section.getByRole('heading', { name: text.title })).toBeVisible();
    const offBox = section.getByRole('checkbox', { name: text.channel[off] });
    const onBox = section.getByRole('checkbox', { name: text.channel[on] });
    await expect(offBox).toBeChecked();
    await offBox.focus();
    await page.keyboard.press('Space');
    await expect(offBox).not.toBeChecked();
    await section.getByTestId('notification-settings-save').click();
    await expect(page.getByTestId('toast').filter({ hasText: text.saved })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shot(page, `notification-preferences-${site}-${lang}`);

    // Reloaded: the choice came from the service.
    await page.reload();
    await expect(offBox).not.toBeChecked();
    await expect(onBox).toBeChecked();
    await page.setViewportSize({ width: 375, height: 800 });
    await section.scrollIntoViewIfNeeded();
    await shot(page, `notification-preferences-${site}-${lang}-375`);

    // The customer books a meeting with the seeded agent (a random coming slot), the agent accepts.
    const agent = await apiLogin(request, site, 'agent', SITE[site].seeded.agent);
    const bookingEmail = freshEmail('prefs');
    let appointmentId = '';
    for (let attempt = 0; attempt < 5 && !appointmentId; attempt++) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE[site] }).format(
        new Date(Date.now() + (5 + Math.floor(Math.random() * 80)) * 86_400_000),
      );
      const booked = await api(request, site).post('/api/listings/v1/appointments', {
        headers: bearer(tokens),
        data: {
          kind: 'meeting',
          agentId: accountOf(agent),
          date: day,
          time: APPOINTMENT_TIMES[Math.floor(Math.random() * APPOINTMENT_TIMES.length)],
          name: 'Salma Prefs',
          phone: `${SITE[site].prefix}${customer.mobile}`,
          email: bookingEmail,
        },
      });
      // The slot taken by an earlier run (422 APPOINTMENT_SLOT_TAKEN): another one.
      if (booked.status() === 422 && (await booked.text()).includes('APPOINTMENT_SLOT_TAKEN')) continue;
      expect(booked.status(), await booked.text()).toBe(201);
      appointmentId = ((await booked.json()) as { results: { id: string } }).results.id;
    }
    expect(appointmentId).not.toBe('');
    const since = Date.now();
    const accepted = await api(request, site).post(`/api/listings/v1/appointments/${appointmentId}/status`, {
      headers: bearer(agent),
      data: { status: 'accepted' },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // In-app, always: the notice on /notifications in the page's language.
    await open(page, site, lang, '/notifications');
    await expect(page.getByTestId('notifications-list')).toContainText(text.confirmed);

    // The channel left on carries it; the one turned off has nothing (its row would have been
    // written with the notice, and is sent within seconds when it is).
    const mobile = `${SITE[site].prefix}${customer.mobile}`;
    const address = { email: bookingEmail, sms: mobile };
    await expect
      .poll(async () => (await sink(request, site, on, address[on], since)).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.waitForTimeout(2_500);
    expect(await sink(request, site, off, address[off], since)).toEqual([]);
    await context.close();
  });
}
