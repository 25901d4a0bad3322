// Issue 11's last gaps, walked in a browser: an owner removes a document from a listing under
// review and the admin's moderation page still shows it, marked removed with the date, and
// downloads it (en and ar); a seeded listing's agent card names the agent and its company in
// Arabic on an Arabic page (identity's and the seed's names, through listings and search).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SEARCH_API } from '@manzil/contracts';
import { adminTokens, contentShot, open, type Lang } from '../helpers/content.js';
import { SITE, api, apiLogin, putSession } from '../helpers/identity.js';
import { journeyListing, submittedListing } from '../helpers/listings.js';
import { navigateInApp } from './helpers.js';

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n`);

const TEXT: Record<Lang, { heading: RegExp; removedOn: RegExp; download: string }> = {
  en: { heading: /Removed by the owner \(1\)/, removedOn: /Removed on/, download: 'Download Old NOC' },
  ar: { heading: /مستندات حذفها المعلن \(1\)/, removedOn: /حُذف في/, download: 'تنزيل \u2068Old NOC\u2069' },
};

/** A seeded agent's listing under review with two stored documents, the second removed by the owner. */
async function pendingWithRemovedDocument(request: APIRequestContext) {
  const agent = await apiLogin(request, 'ae', 'agent', SITE.ae.seeded.agent);
  const id = await submittedListing(
    request,
    'ae',
    agent,
    journeyListing('ae', { en: 'Removed documents journey flat', ar: 'شقة رحلة المستندات المحذوفة' }),
    [
      { title: 'Title deed scan', fileName: 'deed.pdf', buffer: pdf('deed') },
      { title: 'Old NOC', fileName: 'old-noc.pdf', buffer: pdf('noc') },
    ],
  );
  const headers = { authorization: `Bearer ${agent.token}` };
  const owned = await api(request, 'ae').get(`/api/listings/v1/owner/properties/${id}`, { headers });
  const { documents } = ((await owned.json()) as { results: { documents: { id: string; title: string }[] } })
    .results;
  const noc = documents.find((d) => d.title === 'Old NOC')!;
  const removed = await api(request, 'ae').delete(`/api/listings/v1/properties/${id}/documents/${noc.id}`, {
    headers,
  });
  expect(removed.status(), await removed.text()).toBe(200);
  return id;
}

test('the admin sees a document the owner removed, dated, and downloads it (ae, en and ar)', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const id = await pendingWithRemovedDocument(request);
  for (const lang of ['en', 'ar'] as const) {
    const context = await browser.newContext({ acceptDownloads: true });
    await putSession(context, 'ae', await adminTokens(request, 'ae'));
    const page = await context.newPage();
    await open(page, 'ae', lang, '/');
    await navigateInApp(page, `/admin/moderation/${id}`);
    const removed = page.getByTestId('moderation-removed-documents');
    await expect(removed).toBeVisible();
    const section = page.locator('section[aria-labelledby="ad-media-removed-documents"]');
    await expect(section.getByRole('heading')).toHaveText(TEXT[lang].heading);
    await expect(removed.getByTestId('moderation-removed-on')).toHaveText(TEXT[lang].removedOn);
    // Still attached: only the deed (and the metadata-only one the helper adds).
    await expect(page.getByTestId('moderation-documents')).not.toContainText('Old NOC');
    await section.scrollIntoViewIfNeeded();
    await contentShot(page, `moderation-removed-documents-ae-${lang}`, true);
    const download = page.waitForEvent('download');
    await removed.getByRole('button', { name: TEXT[lang].download }).click();
    expect((await download).suggestedFilename()).toBe('old-noc.pdf');
    await context.close();
  }
});

test("a seeded listing's agent card names the agent and its company in Arabic on an Arabic page (sa/ar)", async ({
  page,
  request,
}) => {
  // A seeded listing of a roster company's agent (the first page of the Saudi site's list).
  const list = await api(request, 'sa').get(`/api/search${SEARCH_API.properties}`, { params: { limit: 24 } });
  const { items } = ((await list.json()) as { results: { items: { slug: string }[] } }).results;
  let slug = '';
  for (const item of items) {
    const detail = await api(request, 'sa').get(`/api/search${SEARCH_API.property(item.slug)}`);
    const { listing } = (
      (await detail.json()) as { results: { listing: { company: { nameAr?: string } | null } } }
    ).results;
    if (listing.company?.nameAr) {
      slug = item.slug;
      break;
    }
  }
  expect(slug, 'a seeded listing with a named company').not.toBe('');
  await open(page, 'sa', 'ar', `/property/${slug}`);
  const card = page.getByTestId('agent-card');
  await expect(card.getByTestId('agent-name')).toHaveText(/^[\u0600-\u06ff\s]+$/);
  await expect(card.getByTestId('agent-company')).toHaveText(/^[\u0600-\u06ff\s]+$/);
  await card.scrollIntoViewIfNeeded();
  await contentShot(page, 'agent-card-company-sa-ar');
});
