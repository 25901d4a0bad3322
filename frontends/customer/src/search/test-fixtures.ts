import type { PropertyDetail, PropertyTypeSlug, SearchFacets, SearchHit } from '@manzil/contracts';

/** A search result card as the search service answers it (tests of the customer screens). */
export function searchHit(
  n: number,
  propertyType: PropertyTypeSlug = 'buy',
  overrides: Partial<SearchHit> = {},
): SearchHit {
  const rent = propertyType.endsWith('rent');
  return {
    id: `5b1f6a2e-0c3d-4e8a-9f21-${String(n).padStart(12, '0')}`,
    site: 'ae',
    slug: `apartment-${n}`,
    title: { en: `Apartment ${n} in Dubai Marina`, ar: `شقة ${n} في دبي مارينا` },
    propertyType,
    kind: 'apartment',
    price: 1_000_000 + n,
    currency: 'AED',
    bedrooms: n % 3,
    bathrooms: 2,
    area: 900,
    areaUnit: 'sqft',
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: `/photos/${n}.jpg`,
    agreementType: 'exclusive',
    agentName: 'Sara',
    approvedAt: '2026-10-01T00:00:00.000Z',
    purpose: rent ? 'rent' : 'buy',
    commercial: propertyType.startsWith('commercial'),
    displayPrice: { amount: 1_000_000 + n, period: rent ? 'yearly' : 'total' },
    location: {
      city: { id: 'ae.dubai', name: { en: 'Dubai', ar: 'دبي' } },
      community: { id: 'ae.dubai.dubai-marina', name: { en: 'Dubai Marina', ar: 'دبي مارينا' } },
      subCommunity: null,
      building: null,
    },
    subTitle: null,
    furnishing: null,
    marketStatus: null,
    amenities: [],
    badge: 'GOLD',
    photos: [`/photos/${n}.jpg`],
    photoCount: 1,
    hasVideo: false,
    hasTour: false,
    agent: { id: null, name: 'Sara' },
    company: null,
    exactLocation: true,
    ...overrides,
  };
}

export const NO_FACETS: SearchFacets = {
  propertyType: [],
  kind: [],
  bedrooms: [],
  bathrooms: [],
  furnishing: [],
  agreementType: [],
  marketStatus: [],
  location: [],
};

/** The API's envelope around `results`, as fetch would give it. */
export function ok(results: unknown): Response {
  return {
    status: 200,
    ok: true,
    statusText: 'OK',
    json: async () => ({ status: 200, success: true, message: 'OK', results }),
  } as Response;
}

export function notFound(): Response {
  return {
    status: 404,
    ok: false,
    statusText: 'Not Found',
    json: async () => ({ status: 404, success: false, message: 'Not found', results: null }),
  } as Response;
}

/** A property detail of the search service: the hit's listing with every public field. */
export function propertyDetail(
  hit: SearchHit,
  overrides: Partial<PropertyDetail['listing']> = {},
): PropertyDetail {
  const { displayPrice, exactLocation, location, badge, agent, company, subTitle } = hit;
  return {
    listing: {
      ...hit,
      category: hit.commercial ? 'commercial' : 'residential',
      purpose: hit.purpose,
      subTitle,
      description: { en: 'Bright apartment with a sea view.', ar: 'شقة مشرقة بإطلالة بحرية.' },
      nearestFacilities: null,
      prices: {
        price: hit.purpose === 'buy' ? hit.price : null,
        daily: null,
        weekly: null,
        monthly: null,
        yearly: hit.purpose === 'rent' ? hit.price : null,
      },
      location,
      facts: {
        furnishing: 'semiFurnished',
        occupancy: 'vacant',
        parking: 2,
        amenities: ['gym', 'shared-pool'],
      },
      media: { photos: hit.photos, videos: [], floorPlans: [], tour360Url: null },
      agent,
      company,
      badge,
      regulator: null,
      permitNumber: '71234567',
      referenceNumber: 'MZ-1001',
      displayPrice,
      exactLocation,
      ...overrides,
    },
    nearby: [],
    similar: [],
    priceTrend: {
      location: location.community,
      purpose: hit.purpose,
      currency: hit.currency,
      areaUnit: hit.areaUnit,
      points: [],
    },
  };
}
