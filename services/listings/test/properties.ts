import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { SITE_TIME_ZONE, type Site } from '@manzil/contracts';
import { Property } from '../src/properties/property.entity.js';

/** A property straight into the database, pending unless told otherwise. */
export async function insertProperty(
  dataSource: DataSource,
  site: Site,
  overrides: Partial<Property> = {},
): Promise<Property> {
  const id = overrides.id ?? randomUUID();
  const property = dataSource.manager.create(Property, {
    id,
    site,
    slug: `test-property-${id}`,
    titleEn: `Test apartment ${id.slice(0, 8)}`,
    titleAr: 'شقة للاختبار',
    propertyType: 'buy',
    kind: 'apartment',
    price: 1_000_000,
    currency: site === 'ae' ? 'AED' : 'SAR',
    bedrooms: 2,
    bathrooms: 2,
    area: site === 'ae' ? 1_100 : 120,
    areaUnit: site === 'ae' ? 'sqft' : 'sqm',
    cityEn: site === 'ae' ? 'Dubai' : 'Jeddah',
    cityAr: site === 'ae' ? 'دبي' : 'جدة',
    communityEn: 'Test community',
    communityAr: 'حي الاختبار',
    latitude: 25.1,
    longitude: 55.2,
    coverPhoto: '/api/listings/v1/media/demo/marina-towers.svg',
    agreementType: 'exclusive',
    agentName: 'Test Agent',
    approvalStatus: 'pending',
    rejectedReason: null,
    rejectedAt: null,
    approvedAt: null,
    ...overrides,
  });
  return dataSource.manager.save(property);
}

/** A public (accepted) property straight into the database. */
export function insertPublishedProperty(
  dataSource: DataSource,
  site: Site,
  overrides: Partial<Property> = {},
): Promise<Property> {
  return insertProperty(dataSource, site, {
    approvalStatus: 'accepted',
    approvedAt: new Date(),
    ...overrides,
  });
}

/** The local date (YYYY-MM-DD) `days` from now in the site's time zone. */
export const localDay = (site: Site, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SITE_TIME_ZONE[site] }).format(
    new Date(Date.now() + days * 86_400_000),
  );
