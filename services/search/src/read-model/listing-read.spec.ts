import { describe, expect, it } from '@jest/globals';
import { propertySummarySchema, type PropertySummary } from '@manzil/contracts';
import { toListingRead, toSummary } from './listing-read.entity.js';

const listing: PropertySummary = {
  id: '01936000-0000-7000-8000-000000000201',
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
  city: { en: 'Jeddah', ar: 'جدة' },
  community: { en: 'Al Rawdah', ar: 'الروضة' },
  latitude: 21.56,
  longitude: 39.16,
  coverPhoto: '/api/listings/v1/media/demo/desert-villa.svg',
  agreementType: 'exclusive',
  agentName: 'Noura',
  approvedAt: '2025-01-02T03:04:05.000Z',
};

describe('listing read row', () => {
  it('round-trips the summary carried by listing.approved', () => {
    const row = toListingRead(listing, new Date('2025-01-02T03:04:06.000Z'));
    expect(row).toMatchObject({ titleAr: 'فيلا حديثة', cityEn: 'Jeddah', site: 'sa' });
    const back = toSummary(row);
    expect(propertySummarySchema.parse(back)).toEqual(listing);
  });
});
