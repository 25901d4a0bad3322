// Listing approval (spec §4) in the admin console: on each site, in its language, the admin
// opens the moderation queue (axe: no serious or critical violation), rejects the oldest pending
// listing with a reason, approves the next one, and the queue follows each decision; the
// approved listing is public on its site only. The listings are the seed's pending demos.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, isBlocking } from '../helpers/axe.js';
import { adminTokens, contentShot, open, type Lang, type SiteKey } from '../helpers/content.js';
import { api, putSession } from '../helpers/identity.js';
import { navigateInApp } from './helpers.js';

const JOURNEYS: {
  site: SiteKey;
  lang: Lang;
  reject: string;
  location: string;
  approve: string;
  approveSlug: string;
}[] = [
  {
    site: 'ae',
    lang: 'en',
    reject: 'Fitted office in Business Bay',
    location: 'Dubai › Business Bay',
    approve: 'Corner townhouse in JVC',
    approveSlug: 'awaiting-review-jvc-townhouse',
  },
  {
    site: 'sa',
    lang: 'ar',
    reject: 'فيلا حديثة في الملقا، الرياض',
    location: 'الرياض › الملقا',
    approve: 'شقة عائلية في حطين',
    approveSlug: 'awaiting-review-hittin-apartment',
  },
];

const TEXT = {
  en: {
    reason: 'The title deed scan is unreadable.',
    rejected: /rejected/,
    approved: /approved/,
    approve: 'Approve',
    reject: 'Reject',
  },
  ar: {
    reason: 'صورة صك الملكية غير واضحة.',
    rejected: /تم رفض/,
    approved: /تم اعتماد/,
    approve: 'اعتماد',
    reject: 'رفض',
  },
};

async function adminConsole(
  browser: Browser,
  request: Parameters<typeof adminTokens>[0],
  site: SiteKey,
  lang: Lang,
) {
  const context = await browser.newContext();
  await putSession(context, site, await adminTokens(request, site));
  const page = await context.newPage();
  await open(page, site, lang, '/');
  await navigateInApp(page, '/admin/moderation');
  await expect(page.getByTestId('moderation-page')).toBeVisible();
  return page;
}

async function expectNoBlockingViolations(page: Page) {
  const blocking = (await axeViolations(page, { main: true })).filter(isBlocking);
  expect(blocking.map((v) => `${v.id}: ${v.targets.join(', ')}`)).toEqual([]);
}

test('an admin rejects a pending listing with a reason, then approves another (ae/en, sa/ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  for (const { site, lang, reject, location, approve, approveSlug } of JOURNEYS) {
    const text = TEXT[lang];
    const page = await adminConsole(browser, request, site, lang);
    const rows = page.getByTestId('moderation-row');
    await expect(rows.getByRole('link', { name: reject })).toBeVisible();
    await expect(rows.getByRole('link', { name: approve })).toBeVisible();
    await expectNoBlockingViolations(page);
    await contentShot(page, `moderation-queue-${site}-${lang}`, true);
    // A phone's width: the table scrolls inside its box, the filters wrap.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoBlockingViolations(page);
    await contentShot(page, `moderation-queue-${site}-${lang}-375`, true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Reject the oldest with a reason: a short one is refused beside the box, in the page's language.
    await rows.getByRole('link', { name: reject }).click();
    const detail = page.getByTestId('moderation-detail');
    await expect(detail.getByTestId('moderation-documents')).toBeVisible();
    await expect(detail.getByTestId('moderation-fields')).toContainText(location);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: reject })).toBeFocused();
    await contentShot(page, `moderation-detail-${site}-${lang}`, true);
    const reason = detail.getByTestId('reject-reason').getByRole('textbox');
    await reason.fill('no');
    await detail.getByRole('button', { name: text.reject, exact: true }).click();
    await expect(detail.getByTestId('reject-reason-error')).toBeVisible();
    await expect(reason).toBeFocused();
    await reason.fill(text.reason);
    await reason.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toHaveText(text.rejected);
    await expect(page.getByTestId('moderation-page')).toBeVisible();
    await expect(rows.getByRole('link', { name: reject })).toHaveCount(0);

    // Approve the next one, with the keyboard.
    await rows.getByRole('link', { name: approve }).click();
    const approveButton = page
      .getByTestId('moderation-detail')
      .getByRole('button', { name: text.approve, exact: true });
    // The shell puts focus on the new page's heading once it shows: press from there on.
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: approve })).toBeFocused();
    await approveButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toHaveText(text.approved);
    await expect(page.getByTestId('moderation-page')).toBeVisible();
    await expect(rows.getByRole('link', { name: approve })).toHaveCount(0);

    // The rejected one waits under "rejected", with its reason for the owner.
    await page.getByTestId('filter-status').selectOption('rejected');
    await rows.getByRole('link', { name: reject }).click();
    await expect(page.getByTestId('moderation-rejected')).toContainText(text.reason);

    // The approved listing is public on its own site only.
    const other: SiteKey = site === 'ae' ? 'sa' : 'ae';
    expect((await api(request, site).get(`/api/listings/v1/properties/${approveSlug}`)).status()).toBe(200);
    expect((await api(request, other).get(`/api/listings/v1/properties/${approveSlug}`)).status()).toBe(404);
    await page.context().close();
  }
});
