import { describe, expect, it } from '@jest/globals';
import { Property } from './property.entity.js';
import { toSummary } from './property-summary.js';

function property(overrides: Partial<Property> = {}): Property {
  return Object.assign(new Property(), {
    id: '01936000-0000-7000-8000-000000000101',
    site: 'ae',
    slug: 'sea-view',
    titleEn: 'Sea view',
    titleAr: 'إطلالة بحرية',
    propertyType: 'buy',
    kind: 'apartment',
    price: 2_850_000,
    currency: 'AED',
    bedrooms: 2,
    bathrooms: 3,
    area: 1_450,
    areaUnit: 'sqft',
    cityEn: 'Dubai',
    cityAr: 'دبي',
    communityEn: 'Marina',
    communityAr: 'مارينا',
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: '/api/listings/v1/media/demo/marina-towers.svg',
    agreementType: 'exclusive',
    agentName: 'Aisha',
    approvalStatus: 'accepted',
    approvedAt: new Date('2025-01-02T03:04:05.000Z'),
    ...overrides,
  });
}

describe('toSummary', () => {
  it('pairs the English and Arabic columns and dates the approval', () => {
    expect(toSummary(property())).toMatchObject({
      title: { en: 'Sea view', ar: 'إطلالة بحرية' },
      city: { en: 'Dubai', ar: 'دبي' },
      community: { en: 'Marina', ar: 'مارينا' },
      approvedAt: '2025-01-02T03:04:05.000Z',
    });
  });

  it('refuses a property that was never approved, or one the contract does not allow', () => {
    expect(() => toSummary(property({ approvedAt: null }))).toThrow('not approved');
    expect(() => toSummary(property({ price: 0 }))).toThrow();
  });
});
