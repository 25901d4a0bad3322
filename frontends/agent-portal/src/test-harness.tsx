// The remote as the shell mounts it, over a listings service answered in memory by a fetch stub:
// the component specs' shared harness (not shipped: only the specs import it).
import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { fieldMessage, type Language, type OwnedProperty, type Site } from '@manzil/contracts';
import { FeedbackProvider } from '@manzil/ui';
import { siteConfig } from '@manzil/ui/test/fixtures';
import { WithQueryClient, envelopeResponse, testQueryClient } from '@manzil/ui/test/query';
import App from './app.js';

export const ID = '0193c1a2-0000-7000-8000-000000000001';

export function owned(site: Site, draft: Record<string, unknown>): OwnedProperty {
  const at = '2026-11-20T10:00:00.000Z';
  return {
    id: ID,
    site,
    slug: 'draft-1',
    approvalStatus: 'draft',
    state: 'active',
    draft,
    published: null,
    badge: null,
    regulatorVerified: null,
    agentId: '0193c1a2-0000-7000-8000-0000000000aa',
    companyId: null,
    rejectedReason: null,
    rejectedAt: null,
    submittedAt: null,
    approvedAt: null,
    soldAt: null,
    documents: [],
    photos: [],
    completeness: { percent: 20, missing: ['title'] },
    createdAt: at,
    updatedAt: at,
  };
}

const answer = envelopeResponse;

/** What REGA confirms of a licence, as listings keeps it. */
export function verifiedLicence(
  advertiserId: string,
  adLicenseNumber: string,
): OwnedProperty['regulatorVerified'] {
  return {
    adLicenseNumber,
    advertiserId,
    advertiserName: 'Faisal Al Qahtani',
    advertiserRole: 'broker',
    advertiserMobile: null,
    brokerageLicenseNumber: null,
    titleDeedNumber: null,
    titleDeedType: null,
    creationDate: '2026-10-27',
    endDate: '2027-10-27',
    region: 'Riyadh',
    city: 'Riyadh',
    district: 'Al Malqa',
    postalCode: null,
    streetName: null,
    buildingNumber: null,
    additionalNumber: null,
    planNumber: null,
    landNumber: null,
    adMapCoordinates: null,
    area: 450,
    price: 3_900_000,
    landTotalPrice: null,
    totalAnnualRent: null,
    usage: 'residential',
    propertyFace: null,
    utilities: [],
    rooms: 5,
    channels: [],
    borders: null,
    obligations: null,
    guarantees: null,
    buildingCodeCompliant: null,
    isConstrained: false,
    isPawned: false,
    hasDisputes: false,
    localDescription: null,
    notes: null,
    qrCodeUrl: null,
    adSource: null,
    verifiedAt: '2026-11-20T10:00:00.000Z',
  };
}

type Call = { method: string; url: string; body: unknown };

/** The listings service as the browser sees it: one listing, whose draft the writes change. */
export function listings(
  site: Site,
  draft: Record<string, unknown> = {},
  changes: Partial<OwnedProperty> = {},
) {
  const calls: Call[] = [];
  let property = { ...owned(site, draft), ...changes };
  let discarded = false;
  globalThis.fetch = jest.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, url, body });
    if (method === 'POST' && url.endsWith('/v1/properties')) {
      property = owned(site, body as Record<string, unknown>);
      return answer(201, property);
    }
    if (method === 'PATCH') {
      property = { ...property, draft: { ...property.draft, ...(body as object) } };
      return answer(200, property);
    }
    if (url.includes('/v1/locations')) return answer(200, { items: [], page: 1, limit: 100, total: 0 });
    if (method === 'POST' && url.endsWith('/ad-licence')) {
      // The sandbox's REGA: 7200009999 is an expired licence, any other is confirmed.
      const { advertiserId, adLicenseNumber } = body as { advertiserId: string; adLicenseNumber: string };
      if (adLicenseNumber === '7200009999')
        return answer(
          422,
          { fields: [{ field: 'regulator.adLicenseNumber', message: 'expired' }] },
          'invalid',
        );
      property = { ...property, regulatorVerified: verifiedLicence(advertiserId, adLicenseNumber) };
      return answer(200, property);
    }
    const removing = method === 'DELETE' ? /\/documents\/([^/]+)$/.exec(url) : null;
    if (removing) {
      // As the service: a listing sent for review or public keeps its last document.
      const left = property.documents.filter((document) => document.id !== removing[1]);
      if (!left.length && ['pending', 'accepted'].includes(property.approvalStatus)) {
        const language =
          (init?.headers as Record<string, string> | undefined)?.language === 'ar' ? 'ar' : 'en';
        return answer(
          422,
          { fields: [{ field: 'documents', message: fieldMessage('document.keepOne', language) }] },
          'invalid',
        );
      }
      property = { ...property, documents: left };
      return answer(200, property);
    }
    if (method === 'DELETE' && /\/v1\/properties\/[^/]+$/.test(url)) {
      discarded = true;
      return answer(200, { removed: true });
    }
    if (method === 'POST' && url.endsWith('/sold')) {
      property = { ...property, state: 'sold' };
      return answer(200, property);
    }
    if (/\/v1\/owner\/properties(\?|$)/.test(url))
      return answer(200, {
        items: discarded ? [] : [property],
        page: 1,
        limit: 10,
        total: discarded ? 0 : 1,
      });
    return answer(200, property);
  });
  return { calls, current: () => property };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export function renderPortal({
  language = 'en',
  site = 'ae',
  path = '/addNewProperty',
  role = 'agent',
}: { language?: Language; site?: Site; path?: string; role?: 'agent' | 'company' | 'user' } = {}) {
  const config = siteConfig(site);
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <FeedbackProvider language={language}>
          <App
            language={language}
            site={site}
            config={config}
            session={{ role, name: 'Lina', picture: null }}
          />
          <Where />
        </FeedbackProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}
