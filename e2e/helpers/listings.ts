import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { SEARCH_API } from '@manzil/contracts';
import { adminTokens, type SiteKey } from './content.js';
import { api, type Tokens } from './identity.js';

const json = async <T>(response: { json(): Promise<unknown> }) =>
  ((await response.json()) as { results: T }).results;

/** A seeded Saudi agent proves its identity with Nafath (the sandbox approves), as adding needs. */
export async function nafathVerify(request: APIRequestContext, tokens: Tokens): Promise<void> {
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

export interface NewListing {
  propertyType: string;
  kind: string;
  title: { en: string; ar: string };
  /** The wizard's other fields (PATCH /properties/:id). */
  rest: Record<string, unknown>;
  /** The Saudi ad licence (advertiser and licence numbers), checked before submitting. */
  licence?: { advertiserId: string; adLicenseNumber: string };
}

/**
 * The journeys' complete listing of each site under `title`: a furnished two-bedroom flat for
 * sale in Dubai Marina (Delphine Tower) with its Trakheesi permit, and a five-bedroom villa to
 * rent in Riyadh (Al Malqa) with its REGA ad licence (regulator fields and the licence checked
 * before submitting).
 */
export function journeyListing(site: SiteKey, title: { en: string; ar: string }): NewListing {
  if (site === 'ae')
    return {
      propertyType: 'buy',
      kind: 'apartment',
      title,
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
    };
  const licence = { advertiserId: '1012345678', adLicenseNumber: '7200001234' };
  return {
    propertyType: 'rent',
    kind: 'villa',
    title,
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
        ...licence,
        creationDate: '2026-01-01',
        endDate: '2027-01-01',
        channels: ['licensedPlatform'],
      },
    },
    licence,
  };
}

/**
 * An agent's draft listing through the API (type, kind, title, then `listing.rest` as the wizard
 * patches it); answers its id. Not submitted: a draft is the agent's only.
 */
export async function draftListing(
  request: APIRequestContext,
  site: SiteKey,
  agent: Tokens,
  listing: Omit<NewListing, 'licence'>,
): Promise<string> {
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
  return id;
}

/**
 * An agent adds a complete listing through the API (draft, 6 photos, a document, the Saudi ad
 * licence), submits it and the site's admin approves it; answers its id and slug once search
 * shows it.
 */
export async function approvedListing(
  request: APIRequestContext,
  site: SiteKey,
  agent: Tokens,
  listing: NewListing,
): Promise<{ id: string; slug: string }> {
  const id = await submittedListing(request, site, agent, listing);
  const http = api(request, site);
  const admin = await adminTokens(request, site);
  const approved = await http.post(`/api/listings/v1/admin/properties/${id}/approve`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const slug = (await json<{ slug: string }>(approved)).slug;
  // Search has it once listing.approved went through the bus.
  await expect
    .poll(async () => (await http.get(`/api/search${SEARCH_API.property(slug)}`)).status(), {
      timeout: 30_000,
    })
    .toBe(200);
  return { id, slug };
}

/**
 * An agent adds a complete listing through the API (draft, 6 photos, a document, the Saudi ad
 * licence, and `files`: PDF documents uploaded with their bytes) and submits it; answers its id.
 */
export async function submittedListing(
  request: APIRequestContext,
  site: SiteKey,
  agent: Tokens,
  listing: NewListing,
  files: { title: string; fileName: string; buffer: Buffer }[] = [],
): Promise<string> {
  const headers = { authorization: `Bearer ${agent.token}`, language: 'en' };
  const http = api(request, site);
  const id = await draftListing(request, site, agent, listing);
  const colours = ['#2f6f5e', '#c58b3a', '#3b5b8c', '#8c3b5b', '#5b8c3b', '#6b6b6b'];
  for (const [index, background] of colours.entries()) {
    const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const uploaded = await http.post(`/api/listings/v1/properties/${id}/photos`, {
      headers,
      multipart: { files: { name: `room-${index + 1}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
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
  for (const file of files) {
    const uploaded = await http.post(`/api/listings/v1/properties/${id}/documents/file`, {
      headers,
      multipart: {
        title: file.title,
        file: { name: file.fileName, mimeType: 'application/pdf', buffer: file.buffer },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  if (listing.licence) {
    const licence = await http.post(`/api/listings/v1/properties/${id}/ad-licence`, {
      headers,
      data: listing.licence,
    });
    expect(licence.status(), await licence.text()).toBeLessThan(300);
  }
  const submitted = await http.post(`/api/listings/v1/properties/${id}/submit`, { headers });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return id;
}
