import { randomUUID } from 'node:crypto';
import type { PropertySummary, PublishedProperty } from '@manzil/contracts';

/**
 * The public version listings publishes now (`listing.approved` v2) of a v1 summary: the summary
 * plus every public field, for consumers' tests that must read v2 for its v1 fields.
 */
export function publishedProperty(summary: PropertySummary): PublishedProperty {
  return {
    ...summary,
    category: 'residential',
    purpose: 'buy',
    subTitle: null,
    description: { en: 'Bright', ar: 'مشرقة' },
    nearestFacilities: null,
    prices: { price: summary.price, daily: null, weekly: null, monthly: null, yearly: null },
    location: {
      city: { id: `${summary.site}.city`, name: summary.city },
      community: { id: `${summary.site}.city.community`, name: summary.community },
      subCommunity: null,
      building: null,
    },
    facts: { furnishing: 'furnished' },
    media: { photos: [summary.coverPhoto], videos: [], floorPlans: [], tour360Url: null },
    agent: { id: randomUUID(), name: summary.agentName },
    company: null,
    badge: 'GOLD',
    regulator: null,
    permitNumber: null,
    referenceNumber: null,
  };
}
