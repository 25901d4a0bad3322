import { randomUUID } from 'node:crypto';
import type { PropertySummary, Site } from '@manzil/contracts';

/** A listing as `listing.approved` carries it. */
export function listing(site: Site, overrides: Partial<PropertySummary> = {}): PropertySummary {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    site,
    slug: `listing-${id}`,
    title:
      site === 'ae'
        ? { en: 'Marina apartment', ar: 'شقة في المارينا' }
        : { en: 'Jeddah villa', ar: 'فيلا في جدة' },
    propertyType: 'buy',
    kind: 'apartment',
    price: 1_500_000,
    currency: site === 'ae' ? 'AED' : 'SAR',
    bedrooms: 2,
    bathrooms: 2,
    area: site === 'ae' ? 1_200 : 140,
    areaUnit: site === 'ae' ? 'sqft' : 'sqm',
    city: site === 'ae' ? { en: 'Dubai', ar: 'دبي' } : { en: 'Jeddah', ar: 'جدة' },
    community: { en: 'Test community', ar: 'حي الاختبار' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: '/api/listings/v1/media/demo/marina-towers.svg',
    agreementType: 'exclusive',
    agentName: 'Test Agent',
    approvedAt: new Date().toISOString(),
    ...overrides,
  };
}
