import { propertySummarySchema, type PropertySummary } from '@manzil/contracts';
import type { Property } from './property.entity.js';

/**
 * What readers see of an accepted property: the public card, and the payload of
 * `listing.approved`. Validated against the contract so a bad row cannot leave the service.
 */
export function toSummary(property: Property): PropertySummary {
  if (!property.approvedAt) throw new Error(`property ${property.id} is not approved`);
  return propertySummarySchema.parse({
    id: property.id,
    site: property.site,
    slug: property.slug,
    title: { en: property.titleEn, ar: property.titleAr },
    propertyType: property.propertyType,
    kind: property.kind,
    price: property.price,
    currency: property.currency,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    area: property.area,
    areaUnit: property.areaUnit,
    city: { en: property.cityEn, ar: property.cityAr },
    community: { en: property.communityEn, ar: property.communityAr },
    latitude: property.latitude,
    longitude: property.longitude,
    coverPhoto: property.coverPhoto,
    agreementType: property.agreementType,
    agentName: property.agentName,
    approvedAt: property.approvedAt.toISOString(),
  });
}
