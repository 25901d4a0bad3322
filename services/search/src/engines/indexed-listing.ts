import {
  categoryOf,
  normalizeSearchText,
  publishedPropertySchema,
  purposeOf,
  type DisplayPrice,
  type LocationLevel,
  type LocationRef,
  type PropertyDetail,
  type PropertySummary,
  type PublishedProperty,
  type SearchHit,
  type Site,
} from '@manzil/contracts';

/** A place of the hierarchy as a listing event names it, with its parent. */
export interface IndexedPlace {
  id: string;
  site: Site;
  level: LocationLevel;
  parentId: string | null;
  name: { en: string; ar: string };
  path: { en: string; ar: string };
  /** normalizeSearchText of both names, for autocomplete. */
  norm: string;
}

/**
 * What both engines store of a published listing: the filter fields, the normalised text in
 * each language, the card (`hit`) and the detail (`doc`) as the API answers them. Built once
 * from the event here, so the engines cannot disagree about a field.
 */
export interface IndexedListing {
  id: string;
  site: Site;
  slug: string;
  propertyType: PropertySummary['propertyType'];
  purpose: 'buy' | 'rent';
  commercial: boolean;
  kind: PropertySummary['kind'];
  bedrooms: number;
  bathrooms: number;
  price: number;
  pricePeriod: DisplayPrice['period'];
  area: number;
  latitude: number;
  longitude: number;
  furnishing: string | null;
  marketStatus: string | null;
  agreementType: PropertySummary['agreementType'];
  amenities: string[];
  /** Every level's id: city, community, sub-community, building. */
  locationIds: string[];
  cityId: string | null;
  communityId: string | null;
  subCommunityId: string | null;
  buildingId: string | null;
  /** The listing's agent and company (identity's account ids), for the profile pages' filters. */
  agentId: string | null;
  companyId: string | null;
  /** Normalised (normalizeSearchText) title and place names, then the longer text, per language. */
  textEn: string;
  textAr: string;
  bodyEn: string;
  bodyAr: string;
  approvedAt: Date;
  places: IndexedPlace[];
  hit: SearchHit;
  doc: PropertyDetail['listing'];
}

const RENT_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;

/** Spec §9: a sale shows its price; a rent the first positive of daily, weekly, monthly, yearly. */
export function displayPrice(listing: PublishedProperty): DisplayPrice {
  if (listing.purpose === 'rent') {
    const period = RENT_PERIODS.find((key) => (listing.prices[key] ?? 0) > 0);
    if (period) return { amount: listing.prices[period] as number, period };
    return { amount: listing.price, period: 'yearly' };
  }
  return { amount: listing.prices.price ?? listing.price, period: 'total' };
}

/** A v1 summary read as the v2 public version (no hierarchy ids, no facts). */
export function asPublished(payload: PropertySummary | PublishedProperty): PublishedProperty {
  const parsed = publishedPropertySchema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const summary = payload as PropertySummary;
  const purpose = purposeOf(summary.propertyType);
  return {
    ...summary,
    category: categoryOf(summary.propertyType),
    purpose,
    subTitle: null,
    description: null,
    nearestFacilities: null,
    prices: {
      price: purpose === 'buy' ? summary.price : null,
      daily: null,
      weekly: null,
      monthly: null,
      yearly: purpose === 'rent' ? summary.price : null,
    },
    location: { city: null, community: null, subCommunity: null, building: null },
    facts: {},
    media: { photos: [summary.coverPhoto], videos: [], floorPlans: [], tour360Url: null },
    agent: { id: null, name: summary.agentName },
    company: null,
    badge: null,
    regulator: null,
    permitNumber: null,
    referenceNumber: null,
  };
}

const stringFact = (facts: PublishedProperty['facts'], key: string) =>
  typeof facts[key] === 'string' ? (facts[key] as string) : null;

function placesOf(listing: PublishedProperty): IndexedPlace[] {
  const chain: [LocationLevel, LocationRef | null][] = [
    ['city', listing.location.city],
    ['community', listing.location.community],
    ['subCommunity', listing.location.subCommunity],
    ['building', listing.location.building],
  ];
  const places: IndexedPlace[] = [];
  let parent: IndexedPlace | null = null;
  for (const [level, ref] of chain) {
    if (!ref) continue;
    const place: IndexedPlace = {
      id: ref.id,
      site: listing.site,
      level,
      parentId: parent?.id ?? null,
      name: ref.name,
      path: {
        en: parent ? `${ref.name.en}, ${parent.path.en}` : ref.name.en,
        ar: parent ? `${ref.name.ar}، ${parent.path.ar}` : ref.name.ar,
      },
      norm: normalizeSearchText(`${ref.name.en} ${ref.name.ar}`),
    };
    places.push(place);
    parent = place;
  }
  return places;
}

export function toIndexedListing(payload: PropertySummary | PublishedProperty): IndexedListing {
  const listing = asPublished(payload);
  const price = displayPrice(listing);
  const amenities = Array.isArray(listing.facts.amenities) ? listing.facts.amenities : [];
  const furnishing = stringFact(listing.facts, 'furnishing');
  const marketStatus = stringFact(listing.facts, 'marketStatus');
  const places = placesOf(listing);
  const names = (language: 'en' | 'ar') =>
    [
      listing.title[language],
      listing.subTitle?.[language],
      listing.city[language],
      listing.community[language],
      listing.location.subCommunity?.name[language],
      listing.location.building?.name[language],
    ]
      .filter(Boolean)
      .join(' ');
  const hit: SearchHit = {
    id: listing.id,
    site: listing.site,
    slug: listing.slug,
    title: listing.title,
    propertyType: listing.propertyType,
    kind: listing.kind,
    price: listing.price,
    currency: listing.currency,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    area: listing.area,
    areaUnit: listing.areaUnit,
    city: listing.city,
    community: listing.community,
    latitude: listing.latitude,
    longitude: listing.longitude,
    coverPhoto: listing.coverPhoto,
    agreementType: listing.agreementType,
    agentName: listing.agentName,
    approvedAt: listing.approvedAt,
    purpose: listing.purpose,
    commercial: listing.category === 'commercial',
    displayPrice: price,
    location: listing.location,
    subTitle: listing.subTitle,
    furnishing: furnishing as SearchHit['furnishing'],
    marketStatus: marketStatus as SearchHit['marketStatus'],
    amenities,
    badge: listing.badge,
    photos: listing.media.photos.slice(0, 5),
    photoCount: listing.media.photos.length,
    hasVideo: listing.media.videos.length > 0,
    hasTour: listing.media.tour360Url !== null,
    agent: listing.agent,
    company: listing.company,
    exactLocation: true,
  };
  return {
    id: listing.id,
    site: listing.site,
    slug: listing.slug,
    propertyType: listing.propertyType,
    purpose: listing.purpose,
    commercial: listing.category === 'commercial',
    kind: listing.kind,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    price: price.amount,
    pricePeriod: price.period,
    area: listing.area,
    latitude: listing.latitude,
    longitude: listing.longitude,
    furnishing,
    marketStatus,
    agreementType: listing.agreementType,
    amenities,
    locationIds: places.map((place) => place.id),
    cityId: listing.location.city?.id ?? null,
    communityId: listing.location.community?.id ?? null,
    subCommunityId: listing.location.subCommunity?.id ?? null,
    buildingId: listing.location.building?.id ?? null,
    agentId: listing.agent.id,
    companyId: listing.company?.id ?? null,
    textEn: normalizeSearchText(names('en')),
    textAr: normalizeSearchText(names('ar')),
    bodyEn: normalizeSearchText(`${listing.description?.en ?? ''} ${listing.nearestFacilities?.en ?? ''}`),
    bodyAr: normalizeSearchText(`${listing.description?.ar ?? ''} ${listing.nearestFacilities?.ar ?? ''}`),
    approvedAt: new Date(listing.approvedAt),
    places,
    hit,
    doc: { ...listing, displayPrice: price, exactLocation: true },
  };
}

/** The level below a place's (cities when none), for the location facet. */
export function childLevel(level: LocationLevel | null): LocationLevel | null {
  const order: LocationLevel[] = ['city', 'community', 'subCommunity', 'building'];
  if (level === null) return 'city';
  return order[order.indexOf(level) + 1] ?? null;
}
