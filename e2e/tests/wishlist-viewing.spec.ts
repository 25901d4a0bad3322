// Customer engagement (issue 14), on each site in its language (ae/en, then sa/ar): the seeded
// agent's new listing is approved; a fresh customer saves it (the heart, then /myWishlist), saves
// a new project and one of its units (their hearts; /myWishlist's tabs, the profile's saved tab),
// sends the agent an enquiry from the listing's agent card (the agent finds it under /enquiries), and
// books a viewing (date and time in the site's zone); the agent accepts it under "my
// appointment", which shows it as spec §9 writes it ("DD MMM, YYYY", "hh:mm A") in the site's
// zone, from a browser in Honolulu; the customer sees the notification (bell dot, /notifications) and the accepted
// appointment. Screenshots of each page in both languages.
import { expect, test, type Browser } from '@playwright/test';
import { pageSchema, publicProjectSchema, SEARCH_API } from '@manzil/contracts';
import { open, type Lang, type SiteKey } from '../helpers/content.js';
import { api, apiCustomer, apiLogin, putSession, shot, SITE, type Tokens } from '../helpers/identity.js';
import { approvedListing, journeyListing, nafathVerify } from '../helpers/listings.js';

const JOURNEYS: { site: SiteKey; lang: Lang }[] = [
  { site: 'ae', lang: 'en' },
  { site: 'sa', lang: 'ar' },
];

const TEXT = {
  en: {
    saved: 'Saved to your wishlist.',
    confirmed: 'Your appointment is confirmed',
    accepted: 'Accepted',
    enquiry: 'Is the price negotiable?',
    sent: 'Your enquiry was sent to the agent.',
  },
  ar: {
    saved: 'تم الحفظ في قائمة المفضلة.',
    confirmed: 'تم تأكيد موعدك',
    accepted: 'مقبول',
    enquiry: 'هل السعر قابل للتفاوض؟',
    sent: 'تم إرسال استفسارك إلى الوسيط.',
  },
};

const TITLE = {
  ae: { en: 'Engagement journey apartment', ar: 'شقة رحلة التفاعل' },
  sa: { en: 'Engagement journey villa', ar: 'فيلا رحلة التفاعل' },
} as const;

/**
 * A browser far from both sites' zones (Honolulu, UTC-10): what the pages show must be the
 * site's time, not the browser's (spec §9).
 */
async function signedIn(browser: Browser, site: SiteKey, tokens: Tokens) {
  const context = await browser.newContext({ timezoneId: 'Pacific/Honolulu' });
  await putSession(context, site, tokens);
  return context.newPage();
}

const MONTHS = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ar: [
    'يناير',
    'فبراير',
    'مارس',
    'أبريل',
    'مايو',
    'يونيو',
    'يوليو',
    'أغسطس',
    'سبتمبر',
    'أكتوبر',
    'نوفمبر',
    'ديسمبر',
  ],
};

/** Spec §9 "DD MMM, YYYY" of a `YYYY-MM-DD` day, as a reader of the language writes it. */
function shownDate(day: string, lang: Lang) {
  const [year, month, date] = day.split('-');
  return `${date} ${MONTHS[lang][Number(month) - 1]}${lang === 'ar' ? '،' : ','} ${year}`;
}

/** A day 2–20 days ahead in the site's zone (a fresh one per run, so a slot is never taken). */
const bookingDay = (site: SiteKey) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: site === 'ae' ? 'Asia/Dubai' : 'Asia/Riyadh' }).format(
    new Date(Date.now() + (2 + (Date.now() % 19)) * 86_400_000),
  );

test('a customer saves a listing, enquires and books a viewing; the agent accepts; the customer is told (ae/en, sa/ar)', async ({
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
    const slug = (await approvedListing(request, site, agentTokens, journeyListing(site, TITLE[site]))).slug;
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
    // A seeded project of the site, and its first unit: their hearts.
    const projects = await api(request, site).get('/api/search/v1/projects?limit=1');
    const [project] = pageSchema(publicProjectSchema).parse((await projects.json()).results).items;
    await open(page, site, lang, `/project/${project.slug}`);
    const projectHeart = page.getByTestId('project-actions').getByTestId('wishlist-heart');
    await projectHeart.click();
    await expect(projectHeart).toHaveAttribute('data-saved', 'true');
    await shot(page, `wv-project-${site}-${lang}`);
    const unitHeart = page.getByTestId('project-unit').first().getByTestId('wishlist-heart');
    await unitHeart.click();
    await expect(unitHeart).toHaveAttribute('data-saved', 'true');
    await shot(page, `wv-project-units-${site}-${lang}`);

    await open(page, site, lang, '/myWishlist');
    const grid = page.getByTestId('wishlist-grid');
    await expect(grid.getByTestId('property-card')).toHaveCount(1);
    await expect(grid.getByTestId('project-card')).toHaveCount(1);
    await expect(grid.getByTestId('unit-card')).toHaveCount(1);
    await expect(grid.getByTestId('unit-card').getByTestId('unit-project-link')).toHaveText(
      project.title[lang],
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `wv-wishlist-${site}-${lang}`);
    await page.getByTestId('wishlist-tab-unit').click();
    await expect(grid.getByTestId('project-card')).toHaveCount(0);
    await expect(grid.getByTestId('unit-card')).toHaveCount(1);
    await shot(page, `wv-wishlist-units-${site}-${lang}`);
    await open(page, site, lang, '/profile?tab=saved');
    await expect(page.getByTestId('saved-tab').getByTestId('saved-unit')).toHaveCount(1);
    await expect(page.getByTestId('saved-tab').getByTestId('saved-project')).toHaveCount(1);
    await page.getByTestId('saved-tab').getByTestId('saved-unit').scrollIntoViewIfNeeded();
    await shot(page, `wv-saved-tab-${site}-${lang}`);

    // It asks the agent a question from the listing's agent card.
    await open(page, site, lang, `/property/${slug}`);
    await page.getByTestId('enquiry-open').click();
    const form = page.getByTestId('enquiry-form');
    await form.getByTestId('enquiry-type').getByRole('combobox').selectOption('general');
    await form.getByTestId('enquiry-email').locator('input').fill(`asker-${Date.now()}@example.com`);
    await form.getByTestId('enquiry-mobile-input').fill(site === 'ae' ? '501234567' : '551234567');
    await form.getByTestId('enquiry-message').locator('textarea').fill(text.enquiry);
    await form.getByTestId('enquiry-submit').click();
    await expect(page.getByTestId('toast')).toContainText(text.sent);

    // It books a viewing at 10:30 of a coming day.
    await open(page, site, lang, `/property/${slug}`);
    await page.getByTestId('book-viewing').click();
    const dialog = page.getByTestId('appointment-dialog');
    const day = bookingDay(site);
    await dialog.getByTestId('appointment-date').locator('input').fill(day);
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

    // The agent finds the enquiry, then accepts the viewing under "my appointment".
    const agentPage = await signedIn(browser, site, agentTokens);
    await open(agentPage, site, lang, '/enquiries');
    const enquiry = agentPage.getByTestId('enquiry-row').filter({ hasText: text.enquiry });
    await expect(enquiry).toContainText(TITLE[site][lang]);
    await shot(agentPage, `wv-agent-enquiries-${site}-${lang}`);
    await open(agentPage, site, lang, '/profile?tab=appointments');
    const item = agentPage.getByTestId('appointment-item').filter({ hasText: TITLE[site][lang] }).first();
    await expect(item).toHaveAttribute('data-status', 'pending');
    // Spec §9: date "DD MMM, YYYY", time "hh:mm A", in the site's zone (the browser is in Honolulu).
    await expect(item.getByTestId('appointment-date')).toHaveText(shownDate(day, lang));
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
    await expect(mine.getByTestId('appointment-date')).toHaveText(shownDate(day, lang));
    await expect(mine.getByTestId('appointment-time')).toHaveText(lang === 'en' ? '10:30 AM' : '10:30 ص');
    await shot(page, `wv-appointments-${site}-${lang}`);
    await page.context().close();
  }
});
