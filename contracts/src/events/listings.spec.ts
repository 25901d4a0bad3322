import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { EVENT_TOPICS } from './event-topics.js';
import { regulatorVerifiedSample } from '../rega.spec.js';
import {
  listingApprovedV1,
  listingApprovedV2,
  listingDeactivatedV1,
  listingDeactivatedV2,
  listingDiscardedV1,
  listingRejectedV1,
  listingSoldV1,
  listingSubmittedV1,
  listingUpdatedV1,
  summaryOfApproved,
} from './listings.js';

const summary = {
  id: randomUUID(),
  site: 'sa',
  slug: 'modern-villa',
  title: { en: 'Modern villa', ar: 'فيلا حديثة' },
  propertyType: 'buy',
  kind: 'villa',
  price: 3_900_000,
  currency: 'SAR',
  bedrooms: 5,
  bathrooms: 6,
  area: 450,
  areaUnit: 'sqm',
  city: { en: 'Riyadh', ar: 'الرياض' },
  community: { en: 'Al Malqa', ar: 'الملقا' },
  latitude: 24.81,
  longitude: 46.62,
  coverPhoto: '/api/listings/v1/media/demo/desert-villa.svg',
  agreementType: 'exclusive',
  agentName: 'Faisal Al Qahtani',
  approvedAt: '2026-01-02T03:04:05.000Z',
} as const;

export const approvedV2Payload = {
  ...summary,
  category: 'residential',
  purpose: 'buy',
  subTitle: null,
  description: { en: 'Bright villa', ar: 'فيلا مشرقة' },
  nearestFacilities: null,
  prices: { price: 3_900_000, daily: null, weekly: null, monthly: null, yearly: null },
  location: {
    city: { id: 'sa.riyadh', name: { en: 'Riyadh', ar: 'الرياض' } },
    community: { id: 'sa.riyadh.al-malqa', name: { en: 'Al Malqa', ar: 'الملقا' } },
    subCommunity: null,
    building: null,
  },
  facts: { furnishing: 'furnished', maidsRoom: true, parking: 2, amenities: ['pool'] },
  media: { photos: [summary.coverPhoto], videos: [], floorPlans: [], tour360Url: null },
  agent: { id: randomUUID(), name: 'Faisal Al Qahtani' },
  company: { id: randomUUID() },
  badge: 'GOLD',
  regulator: { adLicenseNumber: '7200001234', creationDate: '2026-01-01', endDate: '2027-01-01' },
  permitNumber: null,
  referenceNumber: 'MZ-1',
};

describe('listing events (contracts/events/listings)', () => {
  const by = { id: randomUUID(), role: 'agent' } as const;

  it('reads listing.approved v2 and keeps the v1 meaning of its fields', () => {
    const v2 = listingApprovedV2.payload.parse(approvedV2Payload);
    expect(listingApprovedV2).toMatchObject({ type: 'listing.approved', version: 2 });
    // A v1 reader of a v2 payload gets exactly the v1 summary.
    expect(summaryOfApproved(v2)).toEqual(summary);
    expect(listingApprovedV1.payload.parse(summary)).toEqual(summary);
    // v1 stays readable: a v1 payload is not a v2 one (new version, not an edit).
    expect(listingApprovedV2.payload.safeParse(summary).success).toBe(false);
  });

  it("reads v2's optional Arabic name of the advertiser, and v2 payloads without it", () => {
    const named = { ...approvedV2Payload, agent: { ...approvedV2Payload.agent, nameAr: 'نورة الحربي' } };
    expect(listingApprovedV2.payload.parse(named).agent.nameAr).toBe('نورة الحربي');
    expect(listingApprovedV2.payload.parse(approvedV2Payload).agent.nameAr).toBeUndefined();
  });

  it("reads v2's optional names of the company in both languages, and v2 payloads with its id only", () => {
    const company = { id: randomUUID(), name: 'Riyadh Keys Real Estate', nameAr: 'مفاتيح الرياض للعقارات' };
    expect(listingApprovedV2.payload.parse({ ...approvedV2Payload, company }).company).toEqual(company);
    expect(listingApprovedV2.payload.parse(approvedV2Payload).company).toEqual(approvedV2Payload.company);
    expect(
      listingApprovedV2.payload.safeParse({ ...approvedV2Payload, company: { ...company, nameAr: 7 } })
        .success,
    ).toBe(false);
  });

  it('refuses a v2 payload without the location hierarchy or with a bad badge', () => {
    const { location: _l, ...noLocation } = approvedV2Payload;
    expect(listingApprovedV2.payload.safeParse(noLocation).success).toBe(false);
    expect(listingApprovedV2.payload.safeParse({ ...approvedV2Payload, badge: 'BRONZE' }).success).toBe(
      false,
    );
  });

  it('defines every lifecycle event at version 1 on listings.property', () => {
    const at = new Date().toISOString();
    const id = randomUUID();
    const cases = [
      [
        listingSubmittedV1,
        { id, agentId: by.id, companyId: null, by, editOfPublished: false, documentCount: 1 },
      ],
      [listingUpdatedV1, { id, by, fields: ['price'], approvalStatus: 'draft' }],
      [
        listingRejectedV1,
        {
          id,
          agentId: null,
          companyId: null,
          reason: 'Blurry photos',
          rejectedAt: at,
          by: { id: by.id, role: 'admin' },
          publishedStays: false,
        },
      ],
      [listingSoldV1, { id, soldAt: at, by }],
      [listingDeactivatedV1, { id, active: false, at, by }],
      [listingDiscardedV1, { id, agentId: randomUUID(), companyId: null, discardedAt: at, by }],
    ] as const;
    for (const [definition, payload] of cases) {
      expect(definition.version).toBe(1);
      expect(EVENT_TOPICS[definition.type]).toBe('listings.property');
      expect(definition.payload.parse(payload)).toEqual(payload);
    }
    expect(listingSubmittedV1.payload.safeParse({ ...cases[0][1], documentCount: 0 }).success).toBe(false);
    expect(listingRejectedV1.payload.safeParse({ ...cases[2][1], reason: '' }).success).toBe(false);
    expect(listingSoldV1.payload.safeParse({ id, soldAt: 'yesterday', by }).success).toBe(false);
    expect(listingDiscardedV1.payload.safeParse({ ...cases[5][1], discardedAt: 'now' }).success).toBe(false);
  });

  it('listing.approved v2 carries the regulator-verified licence, and a v2 payload from before it still reads', () => {
    const verified = { ...approvedV2Payload, regulatorVerified: regulatorVerifiedSample };
    expect(listingApprovedV2.payload.parse(verified).regulatorVerified).toEqual(regulatorVerifiedSample);
    expect(listingApprovedV2.payload.parse(approvedV2Payload).regulatorVerified).toBeUndefined();
    expect(summaryOfApproved(listingApprovedV2.payload.parse(verified))).toEqual(summary);
    const { advertiserName: _n, ...withoutName } = regulatorVerifiedSample;
    expect(
      listingApprovedV2.payload.safeParse({ ...approvedV2Payload, regulatorVerified: withoutName }).success,
    ).toBe(false);
  });

  it('listing.deactivated v2 says why and may come from no account (the licence expiry job); v1 stays readable', () => {
    const id = randomUUID();
    const at = new Date().toISOString();
    const expired = { id, active: false, at, by: null, reason: 'licenceExpired' } as const;
    expect(listingDeactivatedV2).toMatchObject({ type: 'listing.deactivated', version: 2 });
    expect(listingDeactivatedV2.payload.parse(expired)).toEqual(expired);
    expect(listingDeactivatedV2.payload.safeParse({ ...expired, reason: 'bored' }).success).toBe(false);
    // A v1 payload (an account, no reason) is not a v2 one, and v1 keeps reading its own.
    expect(listingDeactivatedV2.payload.safeParse({ id, active: false, at, by }).success).toBe(false);
    expect(listingDeactivatedV1.payload.safeParse(expired).success).toBe(false);
    expect(listingDeactivatedV1.payload.parse({ id, active: false, at, by })).toEqual({
      id,
      active: false,
      at,
      by,
    });
  });
});
