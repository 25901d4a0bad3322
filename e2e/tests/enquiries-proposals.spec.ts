// Issue 14 in the browser, on the UAE site in English, then on the Saudi site in Arabic: a
// seeded agent has a public listing (made through the API as the wizard and the admin would); a
// visitor who asks to enquire gets the login prompt; a customer sends an enquiry from the agent
// card (§5 messages in the page's language first; the five §3 types offered, labelled in the
// language) and one of each other type; the agent sees each under /enquiries as its type and marks
// one responded; the agent builds a proposal under /presentations and its link opens without header
// and footer, 'Invalid URL' for an unknown one; the Arabic PDF read back with pdftotext has the
// page's words, joined and in order; whoever has the link clicks Download PDF: the
// `/download-…/[id]` page (no header, no footer) saves the PDF in the link's language, whose
// pdftotext text has the page's heading, message and titles. Then the agent builds a project proposal of a project their
// company published (`/projects-proposal/[id]`, the same way, with its available units) and its
// Arabic/English PDF is read back the same way. The customer also cancels a viewing of the
// listing (booked through the API) from My appointment, behind the confirm dialog. Last, the
// company builds a project proposal under /project-proposals picking one of two units, and its
// Arabic link and PDF show that unit only, headed as picked.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { APPOINTMENT_TIMES, ENQUIRY_TYPES, SITE_TIME_ZONE, type EnquiryType } from '@manzil/contracts';
import { approvedListing, journeyListing, nafathVerify } from '../helpers/listings.js';
import {
  SITE,
  api,
  apiLogin,
  putSession,
  useLanguage,
  type Lang,
  type SiteKey,
} from '../helpers/identity.js';

const JOURNEYS: { site: SiteKey; lang: Lang }[] = [
  { site: 'ae', lang: 'en' },
  { site: 'sa', lang: 'ar' },
];

const TEXT = {
  en: {
    typeRequired: 'Please choose what you are asking about.',
    sent: 'Your enquiry was sent to the agent.',
    message: 'Is a viewing on Saturday possible?',
    proposal: 'Property proposal',
    invalid: 'Invalid URL',
    note: 'As we discussed on the phone',
    projectProposal: 'Project proposal',
    projectNote: 'The launch we talked about',
    units: 'Available units',
    types: {
      'book-viewing': 'Book A viewing',
      general: 'General Enquiry',
      'make-offer': 'Make an offer',
      'property-information': 'Property information',
      'call-back': 'Request a call back',
    },
    downloading: 'Your PDF download starts in a moment.',
  },
  ar: {
    typeRequired: 'يرجى اختيار نوع الاستفسار.',
    sent: 'تم إرسال استفسارك إلى الوسيط.',
    message: 'هل يمكن المعاينة يوم السبت؟',
    proposal: 'عرض عقاري',
    invalid: 'رابط غير صالح',
    note: 'مرحبًا، هذه الفيلا التي تحدثنا عنها',
    projectProposal: 'عرض مشاريع',
    projectNote: 'مرحبًا، هذا المشروع الذي تحدثنا عنه',
    units: 'الوحدات المتاحة',
    types: {
      'book-viewing': 'حجز معاينة',
      general: 'استفسار عام',
      'make-offer': 'تقديم عرض',
      'property-information': 'معلومات العقار',
      'call-back': 'طلب معاودة الاتصال',
    },
    downloading: 'سيبدأ تنزيل ملف PDF بعد لحظات.',
  },
} satisfies Record<Lang, { types: Record<EnquiryType, string> } & Record<string, unknown>>;

const shots = path.resolve(import.meta.dirname, '..', '..', '.cache', 'e2e', 'screenshots');
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: 'disabled' });

/** A public listing of the seeded agent2 (the journeys' listing of the site, approved by the admin). */
async function publicListingOf(request: APIRequestContext, site: SiteKey, title: { en: string; ar: string }) {
  let agent = await apiLogin(request, site, 'agent', SITE[site].seeded.agent2);
  if (site === 'sa' && !agent.is_nafath_verified) {
    await nafathVerify(request, agent);
    agent = await apiLogin(request, site, 'agent', SITE[site].seeded.agent2);
  }
  return { ...(await approvedListing(request, site, agent, journeyListing(site, title))), agent };
}

/**
 * A published project of the seeded company (agent2's) with an available unit at each of
 * `prices` (one by default), through the API; the company's tokens.
 */
async function publishedProjectOf(
  request: APIRequestContext,
  site: SiteKey,
  title: { en: string; ar: string },
  prices = ['1500000'],
) {
  const company = await apiLogin(request, site, 'company', SITE[site].seeded.company);
  const headers = { authorization: `Bearer ${company.token}` };
  const call = api(request, site);
  const created = await call.post('/api/listings/v1/projects', {
    headers,
    data: {
      title,
      description: { en: 'Sea views', ar: 'إطلالات بحرية' },
      developer: site === 'ae' ? 'Emaar' : 'Roshn',
      cityId: site === 'ae' ? 'ae.dubai' : 'sa.riyadh',
      totalArea: '25000',
      totalUnits: '120',
      availableUnits: '40',
      deliveryDate: '2028-06-30',
      startingPrice: '1250000',
      paymentPlan: { booking: '10', construction: '60', handover: '30' },
      completion: 'offPlan',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { results: { id: string } }).results.id;
  for (const price of prices) {
    const unit = await call.post(`/api/listings/v1/projects/${id}/units`, {
      headers,
      data: { layout: 'apartment', bedrooms: '2', area: '1200', price },
    });
    expect(unit.status(), await unit.text()).toBe(201);
  }
  const published = await call.post(`/api/listings/v1/projects/${id}/publish`, { headers });
  expect(published.status(), await published.text()).toBe(200);
  return company;
}

/** pdftotext's text of a PDF answer, as the Arabic checks compare it (see below). */
async function pdfText(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.status()).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'proposal-')), 'proposal.pdf');
  writeFileSync(file, await response.body());
  return readPdf(file);
}

// pdftotext gives a lam-alef ligature's letters in drawing order («لا» → «ال»): proof the
// letters were joined; the expectation is written the way it reads them.
const asRead = (words: string) =>
  words
    .replace(/لا/g, 'ال')
    .replace(/[\u064b-\u0652]/g, '')
    .replace(/\s*،\s*/g, '،');

function readPdf(file: string) {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/[\u202a-\u202e]/g, '')
    .replace(/[\u064b-\u0652]/g, '')
    .replace(/\s*،\s*/g, '،');
}

/**
 * Whoever got the link opens it in a fresh browser (no language kept), clicks Download PDF: the
 * `/download-…/[id]` page (no header, no footer) starts the download; answers the page's words
 * (heading, message, `wordsOf`) and pdftotext's text of the file the browser saved.
 */
async function downloadFromLink(
  browser: Browser,
  href: string,
  lang: Lang,
  wordsOf: (page: Page) => Locator,
) {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(href);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const words = [
    await page.getByRole('heading', { level: 1 }).innerText(),
    await page.getByTestId('proposal-message').innerText(),
    ...(await wordsOf(page).allInnerTexts()),
  ];
  const downloading = page.waitForEvent('download');
  await page.getByTestId('proposal-download').click();
  await expect(page).toHaveURL(/\/download-(properties|projects)-proposal\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('proposal-download-page')).toContainText(TEXT[lang].downloading);
  await expect(page.getByTestId('site-header')).toHaveCount(0);
  await expect(page.getByTestId('site-footer')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`-${lang}\\.pdf$`));
  const file = await download.path();
  const read = readPdf(file);
  await context.close();
  return { words, read };
}

test('a customer enquires, the agent answers and shares a proposal link and PDF (ae en, then sa ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  for (const { site, lang } of JOURNEYS) {
    const text = TEXT[lang];
    const tag = randomUUID().slice(0, 6);
    const title =
      site === 'ae'
        ? { en: `Marina loft ${tag}`, ar: `لوفت المارينا ${tag}` }
        : { en: `Malqa villa ${tag}`, ar: `فيلا فاخرة في حي الملقا ${tag}` };
    const listing = await publicListingOf(request, site, title);
    const base = SITE[site].url;

    // A visitor is asked to log in first (spec §6).
    const visitorContext = await browser.newContext();
    await useLanguage(visitorContext, lang);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${base}/property/${listing.slug}`);
    await visitor.getByTestId('enquiry-open').click();
    await expect(visitor.getByTestId('login-prompt')).toBeVisible();
    await visitorContext.close();

    // The customer sends an enquiry from the agent card.
    const customerContext = await browser.newContext();
    await useLanguage(customerContext, lang);
    await putSession(
      customerContext,
      site,
      await apiLogin(request, site, 'customer', SITE[site].seeded.customer),
    );
    const customer = await customerContext.newPage();
    await customer.goto(`${base}/property/${listing.slug}`);
    await customer.getByTestId('enquiry-open').click();
    const form = customer.getByTestId('enquiry-form');
    await form.getByTestId('enquiry-submit').click();
    await expect(form.getByTestId('enquiry-type')).toContainText(text.typeRequired);
    // Spec §3: the five enquiry types, in its order, labelled in the page's language.
    await expect(
      form.getByTestId('enquiry-type').getByRole('combobox').locator('option:not([value=""])'),
    ).toHaveText(ENQUIRY_TYPES.map((type) => text.types[type]));
    await form.getByTestId('enquiry-type').getByRole('combobox').selectOption('book-viewing');
    await form.getByTestId('enquiry-email').locator('input').fill(`buyer-${tag}@example.com`);
    await form.getByTestId('enquiry-mobile-input').fill(site === 'ae' ? '501234567' : '551234567');
    await form.getByTestId('enquiry-message').locator('textarea').fill(text.message);
    await shot(customer, `engagement-enquiry-${site}-${lang}`);
    await form.getByTestId('enquiry-submit').click();
    await expect(customer.getByTestId('toast')).toContainText(text.sent);
    // The four other types, sent as the form sends them: each must reach the agent as its type.
    const customerTokens = await apiLogin(request, site, 'customer', SITE[site].seeded.customer);
    for (const type of ENQUIRY_TYPES.filter((type) => type !== 'book-viewing')) {
      const sent = await api(request, site).post(`/api/listings/v1/properties/${listing.id}/enquiries`, {
        headers: { authorization: `Bearer ${customerTokens.token}` },
        data: {
          type,
          name: 'Sara Ali',
          email: `buyer-${tag}@example.com`,
          countryCode: SITE[site].prefix,
          mobile: site === 'ae' ? '501234567' : '551234567',
          message: `${type} ${tag}`,
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    // A viewing booked (through the API, on a random free-looking slot) and canceled in the page.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE[site] }).format(
      new Date(Date.now() + (10 + Math.floor(Math.random() * 70)) * 86_400_000),
    );
    const booked = await api(request, site).post('/api/listings/v1/appointments', {
      headers: { authorization: `Bearer ${customerTokens.token}` },
      data: {
        kind: 'viewing',
        propertyId: listing.id,
        date: day,
        time: APPOINTMENT_TIMES[Math.floor(Math.random() * APPOINTMENT_TIMES.length)],
        name: 'Sara Ali',
        phone: site === 'ae' ? '+971501234567' : '+966551234567',
        email: `buyer-${tag}@example.com`,
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await customer.goto(`${base}/profile?tab=appointments`);
    const viewing = customer.getByTestId('appointment-item').filter({ hasText: title[lang] });
    await expect(viewing).toHaveAttribute('data-status', 'pending');
    await viewing.getByTestId('appointment-cancel').click();
    await customer.getByTestId('confirm-dialog-ok').click();
    await expect(viewing).toHaveAttribute('data-status', 'canceled');
    await expect(viewing.getByTestId('appointment-cancel')).toHaveCount(0);
    await customerContext.close();

    // The agent sees it under /enquiries and marks it responded.
    const agentContext = await browser.newContext();
    await useLanguage(agentContext, lang);
    await putSession(agentContext, site, listing.agent);
    const agent = await agentContext.newPage();
    await agent.goto(`${base}/enquiries`);
    const row = agent.getByTestId('enquiry-row').filter({ hasText: text.message });
    await expect(row).toBeVisible();
    await expect(row).toContainText(title[lang]);
    await shot(agent, `engagement-enquiries-${site}-${lang}`);
    await expect(row.getByTestId('enquiry-row-type')).toHaveText(text.types['book-viewing']);
    for (const type of ENQUIRY_TYPES.filter((type) => type !== 'book-viewing'))
      await expect(
        agent
          .getByTestId('enquiry-row')
          .filter({ hasText: `${type} ${tag}` })
          .getByTestId('enquiry-row-type'),
      ).toHaveText(text.types[type]);
    await row.getByTestId('enquiry-mark-responded').click();
    await expect(row).toHaveAttribute('data-responded', 'yes');

    // The agent builds a proposal and opens its link: no header, no footer.
    await agent.goto(`${base}/presentations`);
    const builder = agent.getByTestId('presentation-form');
    await builder.getByRole('checkbox', { name: title[lang] }).check();
    await builder.getByTestId('presentation-message').locator('textarea').fill(text.note);
    await builder.getByTestId('presentation-submit').click();
    const link = agent.getByTestId('presentation-created').getByTestId(`presentation-link-${lang}`);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/properties-proposal\/[0-9a-f-]{36}\?lang=/);
    await shot(agent, `engagement-presentations-${site}-${lang}`);
    const shared = await agentContext.newPage();
    await shared.goto(href!);
    await expect(shared.getByTestId('proposal-page')).toBeVisible();
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText(text.proposal);
    await expect(shared.getByTestId('proposal-message')).toHaveText(text.note);
    await expect(shared.getByTestId('property-card')).toContainText(title[lang]);
    await expect(shared.getByTestId('site-header')).toHaveCount(0);
    await expect(shared.getByTestId('site-footer')).toHaveCount(0);
    await expect(shared.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await shot(shared, `engagement-proposal-${site}-${lang}`);
    // The page's Download PDF, from a browser that only has the link: the PDF has the page's words.
    const downloaded = await downloadFromLink(browser, href!, lang, (page) =>
      page.getByTestId('property-card').getByTestId('property-title'),
    );
    expect(downloaded.words).toEqual([text.proposal, text.note, title[lang]]);
    for (const words of downloaded.words) expect(downloaded.read).toContain(asRead(words));
    await shared.goto(`${base}/properties-proposal/${randomUUID()}`);
    await expect(shared.getByTestId('proposal-invalid')).toHaveText(text.invalid);
    await shared.goto(`${base}/download-properties-proposal`);
    await expect(shared.getByTestId('proposal-invalid')).toHaveText(text.invalid);
    await expect(shared.getByTestId('site-header')).toHaveCount(0);

    // The PDF in the page's language: pdftotext reads the page's words back.
    const id = /properties-proposal\/([0-9a-f-]{36})/.exec(href!)![1];
    const read = await pdfText(
      await api(request, site).get(`/api/listings/v1/presentations/${id}/pdf?language=${lang}`),
    );
    expect(read).toContain(asRead(text.proposal));
    expect(read).toContain(asRead(title[lang]));
    expect(read).toContain(asRead(text.note));

    // A project proposal: a project of the agent's company, its link and its PDF the same way.
    const projectTitle =
      site === 'ae'
        ? { en: `Marina Vista ${tag}`, ar: `مارينا فيستا ${tag}` }
        : { en: `Riyadh Gardens ${tag}`, ar: `حدائق الرياض ${tag}` };
    await publishedProjectOf(request, site, projectTitle);
    await agent.goto(`${base}/presentations`);
    const projectBuilder = agent.getByTestId('project-presentation-form');
    await projectBuilder.getByRole('checkbox', { name: projectTitle[lang] }).check();
    await projectBuilder
      .getByTestId('project-presentation-message')
      .locator('textarea')
      .fill(text.projectNote);
    await projectBuilder.getByTestId('project-presentation-submit').click();
    const projectHref = await agent
      .getByTestId('project-presentation-created')
      .getByTestId(`presentation-link-${lang}`)
      .getAttribute('href');
    expect(projectHref).toMatch(/\/projects-proposal\/[0-9a-f-]{36}\?lang=/);
    await shared.goto(projectHref!);
    await expect(shared.getByRole('heading', { level: 1 })).toHaveText(text.projectProposal);
    await expect(shared.getByTestId('proposal-message')).toHaveText(text.projectNote);
    await expect(shared.getByTestId('proposal-project')).toContainText(projectTitle[lang]);
    await expect(shared.getByTestId('proposal-unit')).toHaveCount(1);
    await expect(shared.getByTestId('site-header')).toHaveCount(0);
    await expect(shared.getByTestId('site-footer')).toHaveCount(0);
    await shot(shared, `engagement-project-proposal-${site}-${lang}`);
    const projectDownload = await downloadFromLink(browser, projectHref!, lang, (page) =>
      page.getByTestId('proposal-project').getByTestId('project-link'),
    );
    expect(projectDownload.words).toEqual([text.projectProposal, text.projectNote, projectTitle[lang]]);
    for (const words of projectDownload.words) expect(projectDownload.read).toContain(asRead(words));
    await shared.goto(`${base}/projects-proposal`);
    await expect(shared.getByTestId('proposal-invalid')).toHaveText(text.invalid);
    const projectId = /projects-proposal\/([0-9a-f-]{36})/.exec(projectHref!)![1];
    const projectRead = await pdfText(
      await api(request, site).get(
        `/api/listings/v1/project-presentations/${projectId}/pdf?language=${lang}`,
      ),
    );
    for (const words of [text.projectProposal, projectTitle[lang], text.projectNote, text.units])
      expect(projectRead).toContain(asRead(words));
    await agentContext.close();
  }
});

test('a company builds a project proposal of picked units; the Arabic link and PDF show only them', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const site: SiteKey = 'ae';
  const base = SITE[site].url;
  const tag = randomUUID().slice(0, 6);
  const title = { en: `Harbour Point ${tag}`, ar: `هاربر بوينت ${tag}` };
  const company = await publishedProjectOf(request, site, title, ['1500000', '1650000']);

  const companyContext = await browser.newContext();
  await useLanguage(companyContext, 'en');
  await putSession(companyContext, site, company);
  const page = await companyContext.newPage();
  await page.goto(`${base}/`);
  await page.getByTestId('user-chip').click();
  await page.getByTestId('menu-project-proposals').click();
  await expect(page).toHaveURL(/\/project-proposals$/);
  const builder = page.getByTestId('project-presentation-form');
  await builder.getByRole('checkbox', { name: title.en }).check();
  const units = builder.getByTestId('project-presentation-units');
  await expect(units.getByTestId('project-presentation-unit')).toHaveCount(2);
  await units.getByRole('checkbox', { name: /1,650,000/ }).check();
  await shot(page, `engagement-company-project-proposal-${site}-en`);
  await builder.getByTestId('project-presentation-submit').click();
  const href = await page
    .getByTestId('project-presentation-created')
    .getByTestId('presentation-link-ar')
    .getAttribute('href');
  expect(href).toMatch(/\/projects-proposal\/[0-9a-f-]{36}\?lang=ar$/);
  await expect(page.getByTestId('project-presentation-row').first()).toBeVisible();

  // Whoever has the Arabic link: right to left, the picked unit only, headed as picked.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await reader.goto(href!);
  await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('عرض مشاريع');
  const project = reader.getByTestId('proposal-project');
  await expect(project).toContainText(title.ar);
  await expect(project.getByTestId('proposal-units-caption')).toHaveText('وحدات مختارة لك');
  await expect(project.getByTestId('proposal-unit')).toHaveCount(1);
  await expect(project.getByTestId('proposal-unit')).toContainText('1,650,000');
  await expect(reader.getByTestId('site-header')).toHaveCount(0);
  await shot(reader, `engagement-company-project-proposal-link-${site}-ar`);

  const id = /projects-proposal\/([0-9a-f-]{36})/.exec(href!)![1];
  const read = await pdfText(
    await api(request, site).get(`/api/listings/v1/project-presentations/${id}/pdf?language=ar`),
  );
  expect(read).toContain('وحدات مختارة لك');
  expect(read).toContain('1,650,000');
  expect(read).not.toContain('1,500,000');
  await readerContext.close();
  await companyContext.close();
});
