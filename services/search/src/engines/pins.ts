import type { MapPin, SearchHit } from '@manzil/contracts';

/** A map pin of a search card. */
export function pinOf(hit: SearchHit): MapPin {
  return {
    id: hit.id,
    slug: hit.slug,
    latitude: hit.latitude,
    longitude: hit.longitude,
    exactLocation: hit.exactLocation,
    title: hit.title,
    kind: hit.kind,
    propertyType: hit.propertyType,
    bedrooms: hit.bedrooms,
    displayPrice: hit.displayPrice,
    currency: hit.currency,
    coverPhoto: hit.coverPhoto,
  };
}
