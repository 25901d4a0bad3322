// The admin console (spec §2 admin CMS, §3): an admin edits a page's Arabic title and body,
// unpublishes and publishes it, and an Arabic visitor sees each step through the content
// cache; English readers and the other site are unaffected. An admin answers a contact-us
// message a visitor sent from the site. A customer's complaint or suggestion reaches the
// complaints page of their site's admin console (ae/en, then sa/ar), not the other site's.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  adminTokens,
  clickTopMenuLink,
  contentAdmin,
  expectLanguage,
  open,
  runTag,
  type Lang,
  type SiteKey,
} from '../helpers/content.js';
import { apiCustomer, putSession, readOtp, shot, useLanguage } from '../helpers/identity.js';
import { ARABIC_LISTING_PAGES, listingPagePath } from '@manzil/contracts';

async function adminPage(browser: Browser, request: Parameters<typeof adminTokens>[0], site: SiteKey) {
  const context = await browser.newContext();
  await putSession(context, site, await adminTokens(request, site));
  const page = await context.newPage();
  // Logged in: the console is in the header's menu, whole (at 1280 px the admin's row is
  // longer than the width, so the menu button and drawer hold it rather than cut it).
  await open(page, site, 'en', '/');
  await clickTopMenuLink(page, 'Admin console');
  await expect(page.getByTestId('admin-home-page')).toBeVisible();
  return page;
}

async function visitor(browser: Browser, site: SiteKey, lang: Lang, path: string): Promise<Page> {
  const page = await browser.newPage();
  await open(page, site, lang, path);
  return page;
}

const h1 = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('ae: an admin edits a page in Arabic, unpublishes and publishes it; visitors follow, sa unaffected', async ({
  browser,
  request,
}) => {
  // A journey of four visitors' pages, the admin console and three reloads: on this machine each
  // page load takes 2.5–3.6 s (trace of the CI run of 2026-11-25), so the whole walk needs more
  // than the default 45 s although no step waits long.
  test.setTimeout(90_000);
  const tag = runTag();
  const slug = `e2e-${tag}`;
  const slugAr = `صفحة-${tag}`;
  const page = (site: SiteKey) => ({
    slug,
    publicSlug: slug,
    publicSlugAr: slugAr,
    title: { en: `Moving guide ${tag}`, ar: `دليل الانتقال ${site} ${tag}` },
    body: { en: 'Pack early.', ar: `ابدأ التحضير مبكراً في ${site}.` },
    position: 90,
    published: true,
  });
  for (const site of ['ae', 'sa'] as const) {
    await contentAdmin(request, site, await adminTokens(request, site)).createPage(page(site));
  }
  const arPath = `/pages/${encodeURIComponent(slugAr)}`;

  // Arabic visitors on both sites read (and so cache) the first version.
  const reader = await visitor(browser, 'ae', 'ar', arPath);
  await expect(h1(reader)).toHaveText(page('ae').title.ar);
  const saudi = await visitor(browser, 'sa', 'ar', arPath);
  await expect(h1(saudi)).toHaveText(page('sa').title.ar);

  // The admin finds the page in the console's list and opens the editor.
  const admin = await adminPage(browser, request, 'ae');
  await admin.getByRole('link', { name: 'Pages', exact: true }).first().click();
  const list = admin.getByTestId('admin-list-pages');
  await expect(list).toBeVisible();
  await list.getByRole('link', { name: page('ae').title.en }).click();
  const editor = admin.getByTestId('admin-editor-pages');
  await expect(editor.getByTestId('field-title-ar')).toHaveValue(page('ae').title.ar);

  // Unpublish: the visitor gets the 404 page.
  await editor.getByRole('button', { name: 'Unpublish' }).click();
  await expect(admin.getByTestId('toast')).toHaveText(/^Unpublished\./);
  await reader.reload();
  await expect(reader.getByTestId('not-found')).toBeVisible();
  await expect(reader.getByTestId('not-found')).toContainText('الصفحة غير موجودة');

  // The Arabic title and body, previewed right to left, saved, then published.
  const newTitle = `دليل الانتقال المحدّث ${tag}`;
  await editor.getByTestId('field-title-ar').fill(newTitle);
  await editor
    .getByTestId('field-body-ar')
    .fill(`## قبل الانتقال\n\nاحجز شركة النقل قبل **أسبوعين** ${tag}.`);
  const preview = editor.getByTestId('preview-body-ar');
  await expect(preview).toHaveAttribute('dir', 'rtl');
  await expect(preview.locator('h2')).toHaveText('قبل الانتقال');
  await expect(preview.locator('strong')).toHaveText('أسبوعين');
  await editor.getByTestId('admin-save').click();
  await expect(admin.getByTestId('toast')).toHaveText(/^Saved\./);
  await reader.reload();
  await expect(reader.getByTestId('not-found')).toBeVisible();
  await editor.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(admin.getByTestId('toast')).toHaveText(/^Published\./);

  await reader.reload();
  await expectLanguage(reader, 'ar');
  await expect(h1(reader)).toHaveText(newTitle);
  await expect(reader.getByTestId('cms-body').locator('h2')).toHaveText('قبل الانتقال');
  await expect(reader.getByTestId('cms-body')).toContainText(`احجز شركة النقل قبل أسبوعين ${tag}.`);
  await expect(reader).toHaveTitle(`${newTitle} | منزل`);
  // English readers keep the English text; the Saudi site keeps its own page.
  const english = await visitor(browser, 'ae', 'en', `/pages/${slug}`);
  await expect(h1(english)).toHaveText(page('ae').title.en);
  await saudi.reload();
  await expect(h1(saudi)).toHaveText(page('sa').title.ar);
  await expect(saudi.getByTestId('cms-body')).toContainText(page('sa').body.ar);

  // The admin list shows it published again.
  await admin.getByRole('link', { name: /Pages/ }).first().click();
  const row = admin.getByTestId('admin-row').filter({ hasText: page('ae').title.en });
  await expect(row).toContainText('Published');
});

test('sa: a visitor sends a contact-us message in Arabic and the admin answers it', async ({
  browser,
  request,
}) => {
  const tag = runTag();
  const name = `ريم ${tag}`;
  const text = `أرغب في معاينة شقة في الرياض ${tag}`;
  // Opened by its former Arabic slug: the gateway's 301 brings the visitor to the page's path.
  const sender = await visitor(browser, 'sa', 'ar', '/اتصل-بنا');
  await expect
    .poll(() => decodeURIComponent(new URL(sender.url()).pathname))
    .toBe(ARABIC_LISTING_PAGES['contact-us']);
  const form = sender.getByTestId('contact-form');
  await form.getByTestId('field-name').locator('input').fill(name);
  await form.getByTestId('field-email').locator('input').fill(`reem.${tag}@example.com`);
  await form.getByTestId('field-mobile-input').fill('551234567');
  await form.getByTestId('field-message').locator('textarea').fill(text);
  await form.getByTestId('message-submit').click();
  await expect(sender.getByTestId('toast')).toContainText('شكرًا لتواصلك معنا');

  const admin = await adminPage(browser, request, 'sa');
  await admin.getByRole('link', { name: 'Contact messages' }).first().click();
  const message = admin.getByTestId('admin-message').filter({ hasText: text });
  await expect(message).toContainText(name);
  await expect(message).toContainText('New');
  await expect(message.locator('.ad-message__text')).toHaveAttribute('dir', 'rtl');
  await message.getByRole('button', { name: 'Answer' }).click();
  const reply = `أهلاً ${name}، سنتواصل معك لتحديد موعد المعاينة.`;
  await message.getByRole('textbox').fill(reply);
  await message.getByRole('button', { name: 'Save answer' }).click();
  await expect(admin.getByTestId('toast')).toHaveText(/^Your answer has been saved\./);
  await expect(message.locator('.ad-message__reply')).toHaveText(reply);
  await expect(message).toContainText('Answered');
  await expect(message).toContainText('+966 551234567');
});

test('a customer deletes their account from the profile and the admin of that site sees the request (ae/en, then sa/ar)', async ({
  browser,
  request,
}) => {
  // A customer and an admin on each of the two sites: more than the default 45 s on CI.
  test.setTimeout(120_000);
  const walks: { site: SiteKey; lang: Lang; reason: string; heading: string }[] = [
    { site: 'ae', lang: 'en', reason: `Moving abroad ${runTag()}`, heading: 'Account deletion requests' },
    { site: 'sa', lang: 'ar', reason: `سأنتقل إلى مدينة أخرى ${runTag()}`, heading: 'طلبات حذف الحسابات' },
  ];
  for (const { site, lang, reason, heading } of walks) {
    const customer = await apiCustomer(request, site);
    const context = await browser.newContext();
    await putSession(context, site, customer.tokens!);
    await useLanguage(context, lang);
    const page = await context.newPage();
    await open(page, site, lang, '/profile?tab=settings');
    const since = Date.now();
    await page.getByTestId('delete-start').click();
    // The form opens once the code is sent: the newest SMS is then this code, not the sign-up one.
    await expect(page.getByTestId('delete-form')).toBeVisible();
    const code = await readOtp(request, site, customer.mobile, since);
    for (const [index, digit] of [...code].entries())
      await page.getByTestId(`delete-otp-box-${index}`).fill(digit);
    await page.getByTestId('delete-form').getByRole('textbox').last().fill(reason);
    await page.getByTestId('delete-submit').click();
    // Spec §8 confirm (focus starts on Cancel); Ok closes the account at once and signs out.
    await page.getByTestId('confirm-dialog-ok').click();
    await expect(page).toHaveURL(/\/login\?type=Customer/);
    await expect(page.getByTestId('user-chip')).toHaveCount(0);
    await context.close();

    const adminContext = await browser.newContext();
    await putSession(adminContext, site, await adminTokens(request, site));
    await useLanguage(adminContext, lang);
    const admin = await adminContext.newPage();
    await open(admin, site, lang, '/admin/deletion-requests');
    await expect(h1(admin)).toHaveText(heading);
    const row = admin.getByTestId('admin-deletion-request').filter({ hasText: reason });
    await expect(row).toContainText(`${customer.firstName} ${customer.lastName}`);
    await adminContext.close();

    // The other site's admin does not see it.
    const otherContext = await browser.newContext();
    const other: SiteKey = site === 'ae' ? 'sa' : 'ae';
    await putSession(otherContext, other, await adminTokens(request, other));
    const otherAdmin = await otherContext.newPage();
    await open(otherAdmin, other, 'en', '/admin/deletion-requests');
    await expect(h1(otherAdmin)).toHaveText('Account deletion requests');
    await expect(
      otherAdmin.getByTestId('admin-deletion-request').first().or(otherAdmin.getByText('No Record Found')),
    ).toBeVisible();
    await expect(otherAdmin.getByTestId('admin-deletion-request').filter({ hasText: reason })).toHaveCount(0);
    await otherContext.close();
  }
});

test('a customer sends a complaint or suggestion and the admin of that site sees it under complaints (ae/en, then sa/ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const walks = [
    {
      site: 'ae',
      lang: 'en',
      type: 'complaint',
      subject: `Agent never called back ${runTag()}`,
      message: `I sent an enquiry a week ago and nobody answered ${runTag()}`,
      thanks: 'Thank you. Your complaint has been received and our team will review it.',
      heading: 'Complaints and suggestions',
      label: 'Complaint',
      status: 'New',
    },
    {
      site: 'sa',
      lang: 'ar',
      type: 'suggestion',
      subject: `خريطة للمدارس القريبة ${runTag()}`,
      message: `أقترح إظهار المدارس القريبة على خريطة العقار ${runTag()}`,
      thanks: 'شكرًا لاقتراحك. نحن نقرأ كل اقتراح.',
      heading: 'الشكاوى والاقتراحات',
      label: 'اقتراح',
      status: 'جديدة',
    },
  ] as const;
  // One login per site's admin: the seeded admin's number has a per-minute login limit.
  const admins = { ae: await adminTokens(request, 'ae'), sa: await adminTokens(request, 'sa') };
  for (const walk of walks) {
    const { site, lang } = walk;
    const customer = await apiCustomer(request, site);
    const context = await browser.newContext();
    await putSession(context, site, customer.tokens!);
    const page = await context.newPage();
    await open(page, site, lang, listingPagePath('complaints-and-suggestions', lang));
    const form = page.getByTestId('complaint-form');
    await form.getByTestId('field-type').getByRole('combobox').selectOption(walk.type);
    await form.getByTestId('field-subject').locator('input').fill(walk.subject);
    await form.getByTestId('field-name').locator('input').fill(`${customer.firstName} ${customer.lastName}`);
    await form.getByTestId('field-email').locator('input').fill(`complaint.${runTag()}@example.com`);
    await form.getByTestId('field-mobile-input').fill(site === 'ae' ? '501234567' : '551234567');
    await form.getByTestId('field-message').locator('textarea').fill(walk.message);
    await form.getByTestId('message-submit').click();
    await expect(page.getByTestId('toast')).toContainText(walk.thanks);
    await context.close();

    // The site's admin, in the same language: the console's complaints page lists it, newest first.
    const adminContext = await browser.newContext();
    await putSession(adminContext, site, admins[site]);
    const admin = await adminContext.newPage();
    await open(admin, site, lang, '/admin/complaints');
    await expect(h1(admin)).toHaveText(walk.heading);
    const item = admin.getByTestId('admin-message').filter({ hasText: walk.message });
    await expect(item).toContainText(walk.subject);
    await expect(item).toContainText(walk.label);
    await expect(item).toContainText(walk.status);
    await expect(item.locator('.ad-message__text')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await shot(admin, `admin-complaints-${site}-${lang}`);
    await adminContext.close();

    // The other site's admin does not see it.
    const other: SiteKey = site === 'ae' ? 'sa' : 'ae';
    const otherContext = await browser.newContext();
    await putSession(otherContext, other, admins[other]);
    const otherAdmin = await otherContext.newPage();
    await open(otherAdmin, other, lang, '/admin/complaints');
    await expect(h1(otherAdmin)).toHaveText(walk.heading);
    await expect(
      otherAdmin
        .getByTestId('admin-message')
        .first()
        .or(otherAdmin.getByText(lang === 'en' ? 'No Record Found' : 'لا توجد سجلات')),
    ).toBeVisible();
    await expect(otherAdmin.getByTestId('admin-message').filter({ hasText: walk.message })).toHaveCount(0);
    await otherContext.close();
  }
});
