// New projects and units (issue 11 item 7): a seeded company creates a project on /myProjects,
// first meeting the payment-plan rule in its language, adds a unit and publishes it; a visitor
// then finds it on /new-real-estate-projects (through listings' events and search's read
// model) and opens its page with the units table; a visitor is asked to log in to report a unit,
// a customer reports it, and an admin sees the report, then unpublishes the project from
// /admin/projects/:id, after which its page is gone. UAE in English, then Saudi Arabia in Arabic.
import { expect, test, type Browser, type Page } from '@playwright/test';
import path from 'node:path';
import { SITE, api, apiLogin, putSession, type Lang, type SiteKey } from '../helpers/identity.js';
import { adminTokens, open } from '../helpers/content.js';
import { navigateInApp } from './helpers.js';

const JOURNEYS: { site: SiteKey; lang: Lang; listPath: string; city: string }[] = [
  { site: 'ae', lang: 'en', listPath: '/new-real-estate-projects', city: 'ae.dubai' },
  { site: 'sa', lang: 'ar', listPath: '/مشاريع-عقارية-جديدة', city: 'sa.jeddah' },
];

const TEXT = {
  en: {
    plan: 'Booking, construction and handover must add up to 100%.',
    unitsHeading: 'Units',
    reported: 'Thank you, we will review this unit.',
    unit: 'Unit: Apartment · A-1203',
    draft: 'Draft',
  },
  ar: {
    plan: 'يجب أن يكون مجموع الحجز والإنشاء والتسليم 100%.',
    unitsHeading: 'الوحدات',
    reported: 'شكرًا لك، سنراجع هذه الوحدة.',
    unit: 'الوحدة: شقة · A-1203',
    draft: 'مسودة',
  },
};

const shots = path.resolve(import.meta.dirname, '..', '..', '.cache', 'e2e', 'screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input, textarea').first();

async function companyPage(
  browser: Browser,
  request: Parameters<typeof apiLogin>[0],
  site: SiteKey,
  lang: Lang,
) {
  const context = await browser.newContext();
  await putSession(context, site, await apiLogin(request, site, 'company', SITE[site].seeded.company));
  const page = await context.newPage();
  await open(page, site, lang, '/myProjects');
  await expect(page.getByTestId('my-projects')).toBeVisible();
  return page;
}

test('a company creates a project with a unit and publishes it; visitors find it and its units (ae/en, sa/ar)', async ({
  browser,
  request,
}) => {
  // Two sites, four roles and search in between, on a shared machine.
  test.setTimeout(360_000);
  for (const { site, lang, listPath, city } of JOURNEYS) {
    const stamp = Date.now().toString().slice(-6);
    const titleEn = `Skyline Gardens ${stamp}`;
    const titleAr = `حدائق الأفق ${stamp}`;
    const page = await companyPage(browser, request, site, lang);
    await page.getByTestId('project-new').click();
    await input(page, 'project-title-en').fill(titleEn);
    await input(page, 'project-title-ar').fill(titleAr);
    await input(page, 'project-developer').fill(site === 'ae' ? 'Emaar Properties' : 'ROSHN');
    await page.getByTestId('project-city-select').selectOption(city);
    await input(page, 'project-total-area').fill(site === 'ae' ? '250000' : '٤٨٠٠٠');
    await input(page, 'project-total-units').fill('120');
    await input(page, 'project-available-units').fill('60');
    await input(page, 'project-starting-price').fill('1250000');
    await input(page, 'project-delivery').fill('2029-06-30');
    await input(page, 'project-handover').fill('20');
    await page.getByTestId('project-submit').click();
    // 10 + 60 + 20 is not 100: the message in the page's language, nothing typed is lost.
    await expect(page.getByTestId('project-handover-error')).toHaveText(TEXT[lang].plan);
    await expect(input(page, 'project-title-ar')).toHaveValue(titleAr);
    await shot(page, `projects-form-errors-${site}-${lang}`);
    await input(page, 'project-handover').fill('30');
    await page.getByTestId('project-submit').click();

    const project = page
      .getByTestId('company-project')
      .filter({ hasText: lang === 'ar' ? titleAr : titleEn });
    await expect(project).toBeVisible();
    const unitForm = project.getByTestId('unit-form');
    await expect(unitForm).toBeVisible();
    await unitForm.getByTestId('unit-layout-select').selectOption('apartment');
    await input(page, 'unit-bedrooms').fill('2');
    await input(page, 'unit-area').fill(site === 'ae' ? '1200' : '135');
    await input(page, 'unit-price').fill('1400000');
    await input(page, 'unit-reference').fill('A-1203');
    await unitForm.getByTestId('unit-submit').click();
    await expect(project.getByTestId('company-project-units').locator('tbody tr')).toHaveCount(1);
    await project.getByTestId('project-publish').click();
    await expect(project.getByTestId('project-status')).toHaveText(lang === 'ar' ? 'منشور' : 'Published');
    await shot(page, `projects-company-${site}-${lang}`);
    await page.context().close();

    // A visitor: the project is on the site's new-projects page, and not on the other site's.
    const visitor = await browser.newContext();
    const list = await visitor.newPage();
    await open(list, site, lang, listPath);
    const card = list.getByTestId('project-card').filter({ hasText: lang === 'ar' ? titleAr : titleEn });
    await expect(async () => {
      await list.reload();
      await expect(card).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByTestId('project-available')).toContainText(lang === 'ar' ? '60' : '60 of 120');
    await expect(list.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await shot(list, `projects-list-${site}-${lang}`);
    const slug = await card.getAttribute('data-project-slug');
    const other = site === 'ae' ? 'sa' : 'ae';
    const elsewhere = await api(request, other).get(`/api/search/v1/projects/${slug}`);
    expect(elsewhere.status()).toBe(404);

    await card.getByTestId('project-link').click();
    await expect(list.getByTestId('project-title')).toHaveText(lang === 'ar' ? titleAr : titleEn);
    await expect(list.getByTestId('project-units').locator('tbody tr')).toHaveCount(1);
    await expect(list.getByRole('heading', { name: TEXT[lang].unitsHeading })).toBeVisible();
    await shot(list, `projects-detail-${site}-${lang}`);
    // Reporting a unit needs a login (spec §6).
    await list.getByTestId('project-unit').getByTestId('report-unit').click();
    await expect(list.getByTestId('login-prompt')).toBeVisible();
    await visitor.close();

    // A customer reports the unit.
    const customerContext = await browser.newContext();
    await putSession(
      customerContext,
      site,
      await apiLogin(request, site, 'customer', SITE[site].seeded.customer),
    );
    const customer = await customerContext.newPage();
    await open(customer, site, lang, `/project/${slug}`);
    await customer.getByTestId('project-unit').getByTestId('report-unit').click();
    const dialog = customer.getByTestId('report-dialog');
    await dialog.getByTestId('report-reason').getByRole('combobox').selectOption('not-available');
    await dialog.getByTestId('report-user-type').getByRole('combobox').selectOption('buyer');
    await dialog.getByTestId('report-comment').locator('textarea').fill('A-1203 was sold last week.');
    await customer.getByTestId('report-submit').click();
    await expect(customer.getByTestId('toast')).toContainText(TEXT[lang].reported);
    await customerContext.close();

    // The admin sees the unit's report, then takes the project off the site.
    const adminContext = await browser.newContext();
    await putSession(adminContext, site, await adminTokens(request, site));
    const admin = await adminContext.newPage();
    await open(admin, site, lang, '/');
    await navigateInApp(admin, '/admin/moderation?tab=reports');
    const report = admin.getByTestId('report-row').filter({ hasText: lang === 'ar' ? titleAr : titleEn });
    await expect(report.getByTestId('report-unit')).toHaveText(TEXT[lang].unit);
    await navigateInApp(admin, '/admin/projects?status=published');
    const row = admin.getByTestId('project-row').filter({ hasText: lang === 'ar' ? titleAr : titleEn });
    await row.getByRole('link').click();
    await expect(admin.getByTestId('project-units').locator('tbody tr')).toHaveCount(1);
    await shot(admin, `projects-admin-${site}-${lang}`);
    await admin.getByTestId('project-unpublish').click();
    await admin.getByTestId('confirm-dialog-ok').click();
    await expect(admin.getByTestId('project-status')).toHaveText(TEXT[lang].draft);
    await adminContext.close();
    await expect(async () => {
      expect((await api(request, site).get(`/api/search/v1/projects/${slug}`)).status()).toBe(404);
    }).toPass({ timeout: 15_000 });
  }
});
