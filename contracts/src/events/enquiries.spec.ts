import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { topicOfEvent } from './event-topics.js';
import { enquiryReceivedV1 } from './enquiries.js';
import { TOPICS } from './topics.js';
import { requirementRequestSchemaFor, respondsFast } from '../enquiries.js';

const payload = {
  enquiryId: randomUUID(),
  propertyId: randomUUID(),
  propertySlug: 'marina-view-apartment',
  propertyTitle: { en: 'Marina view apartment', ar: 'شقة بإطلالة على المارينا' },
  agentId: randomUUID(),
  companyId: null,
  type: 'book-viewing',
  customer: { id: randomUUID(), name: 'Sara', email: 'sara@example.com', phone: '+971501234567' },
  message: 'Is Saturday morning possible?',
  createdAt: '2026-11-26T10:00:00.000Z',
} as const;

describe('enquiry.received v1', () => {
  it('is published on listings.enquiry', () => {
    expect(enquiryReceivedV1.version).toBe(1);
    expect(topicOfEvent(enquiryReceivedV1.type)).toBe(TOPICS.listingsEnquiry);
  });

  it('reads a payload of each of the five types, and refuses another type', () => {
    for (const type of ['book-viewing', 'general', 'make-offer', 'property-information', 'call-back'])
      expect(enquiryReceivedV1.payload.parse({ ...payload, type }).type).toBe(type);
    expect(enquiryReceivedV1.payload.safeParse({ ...payload, type: 'complaint' }).success).toBe(false);
  });

  it('keeps the fields a consumer reads (a new field is a new version)', () => {
    expect(Object.keys(enquiryReceivedV1.payload.shape).sort()).toEqual(
      [
        'agentId',
        'companyId',
        'createdAt',
        'customer',
        'enquiryId',
        'message',
        'propertyId',
        'propertySlug',
        'propertyTitle',
        'type',
      ].sort(),
    );
    expect(enquiryReceivedV1.payload.parse({ ...payload, agentId: null, message: null }).agentId).toBeNull();
  });
});

describe('requirement rules (spec §5 budget)', () => {
  const base = {
    name: 'Sara Ali',
    cityId: 'ae.dubai',
    budgetMin: '1,000,000',
    budgetMax: '٢٠٠٠٠٠٠',
    propertyKind: 'apartment',
    requestType: 'buy',
    category: 'residential',
    email: 'sara@example.com',
    countryCode: '+971',
    mobile: '501234567',
  };

  it('reads Arabic digits and separators, and needs the minimum below the maximum', () => {
    const ok = requirementRequestSchemaFor('ae').parse(base);
    expect([ok.budgetMin, ok.budgetMax]).toEqual([1_000_000, 2_000_000]);
    const equal = requirementRequestSchemaFor('ae').safeParse({ ...base, budgetMax: '1000000' });
    expect(equal.success).toBe(false);
    expect(equal.error?.issues).toEqual([
      expect.objectContaining({ path: ['budgetMax'], message: 'budget.minBelowMax' }),
    ]);
  });

  it('asks individual or corporate on the Saudi site only', () => {
    expect(requirementRequestSchemaFor('sa').safeParse(base).error?.issues[0]?.path).toEqual(['userType']);
    expect(requirementRequestSchemaFor('sa').safeParse({ ...base, userType: 'corporate' }).success).toBe(
      true,
    );
    expect(requirementRequestSchemaFor('ae').safeParse({ ...base, userType: 'corporate' }).success).toBe(
      false,
    );
  });
});

describe('the response claim (spec §9)', () => {
  it('needs a median of at most 5 minutes from enough enquiries', () => {
    expect(respondsFast(4, 10)).toBe(true);
    expect(respondsFast(5, 3)).toBe(true);
    expect(respondsFast(6, 10)).toBe(false);
    expect(respondsFast(1, 2)).toBe(false);
    expect(respondsFast(null, 0)).toBe(false);
  });
});
