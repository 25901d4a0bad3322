import {
  badgeOf,
  categoryOf,
  displayPriceOf,
  publishedPropertySchema,
  purposeOf,
  SITE_FACTS,
  type PropertyFields,
  type PropertyPhoto,
  type PublishedProperty,
} from '@manzil/contracts';
import type { ResolvedLocation } from '../locations/locations.service.js';
import { demoPhotoUrl } from '../media/demo-media.js';
import type { Property } from './property.entity.js';
import { toSummary } from './property-summary.js';

/** An accepted draft without photos (rows from before uploads) shows the demo photo of its kind. */
const PHOTO_OF_KIND: Record<string, string> = {
  apartment: 'seafront-apartments.svg',
  villa: 'palm-villa.svg',
  townhouse: 'townhouse-row.svg',
  penthouse: 'marina-towers.svg',
  duplex: 'desert-villa.svg',
  land: 'desert-villa.svg',
  'hotel-apartment': 'marina-towers.svg',
  'full-building': 'downtown-skyline.svg',
  office: 'office-tower.svg',
};

/** Fields of the draft that are facts of the listing page rather than columns of the card. */
const FACT_FIELDS = [
  'livingRooms',
  'guestRooms',
  'maidsRoom',
  'driverRoom',
  'parking',
  'openSpaceType',
  'amenities',
  'cheques',
  'securityDeposit',
  'serviceCharge',
  'plotSize',
  'marketStatus',
  'furnishing',
  'occupancy',
  'fitOut',
  'paymentMethod',
  'facing',
  'advertType',
  'layoutType',
  'numberOfFloors',
  'floorNumber',
  'unitNumber',
  'street',
  'streetWidth',
  'length',
  'width',
  'age',
  'zone',
  'district',
  'advertisementNumber',
  'financialStatus',
  'stage',
] as const satisfies readonly (keyof PropertyFields)[];

const pair = (text: { en?: string; ar?: string } | undefined) =>
  text?.en || text?.ar ? { en: text.en ?? '', ar: text.ar ?? '' } : null;

/**
 * Copies an accepted draft onto the card columns (what `GET /v1/properties/:slug` and v1
 * readers see). A row from before drafts (empty draft) keeps its columns.
 */
export function applyDraft(property: Property, location: ResolvedLocation, photos: PropertyPhoto[]): void {
  const draft = property.draft;
  if (!draft.propertyType) return;
  const facts = SITE_FACTS[property.site];
  property.titleEn = draft.title?.en ?? null;
  property.titleAr = draft.title?.ar ?? null;
  property.propertyType = draft.propertyType;
  property.kind = draft.kind ?? null;
  property.price = displayPriceOf(draft) ?? null;
  property.currency = facts.currency;
  property.areaUnit = facts.areaUnit;
  property.bedrooms = draft.bedrooms ?? null;
  property.bathrooms = draft.bathrooms ?? null;
  property.area = draft.builtUpArea ?? null;
  property.cityEn = location.city?.name.en ?? null;
  property.cityAr = location.city?.name.ar ?? null;
  property.communityEn = location.community?.name.en ?? null;
  property.communityAr = location.community?.name.ar ?? null;
  property.latitude = draft.latitude ?? null;
  property.longitude = draft.longitude ?? null;
  property.coverPhoto =
    photos[0]?.urls.card ??
    property.demoPhotos?.[0] ??
    demoPhotoUrl(PHOTO_OF_KIND[draft.kind ?? 'apartment'] ?? 'marina-towers.svg');
  property.agreementType = draft.agreementType ?? null;
  // Listings learns no names from identity's events: the name the agent's token carried when
  // it added the listing, else none (README, "gaps").
  property.agentName ??= '';
}

/** The public version of an accepted property: the payload of `listing.approved` v2. */
export function toPublished(
  property: Property,
  location: ResolvedLocation,
  photos: PropertyPhoto[],
): PublishedProperty {
  const summary = toSummary(property);
  const draft: PropertyFields = property.draft;
  const legacy = !draft.propertyType;
  const purpose = purposeOf(summary.propertyType);
  const facts: PublishedProperty['facts'] = {};
  for (const field of FACT_FIELDS) {
    const value = draft[field];
    if (value !== undefined) facts[field] = value;
  }
  return publishedPropertySchema.parse({
    ...summary,
    category: categoryOf(summary.propertyType),
    purpose,
    subTitle: pair(draft.subTitle),
    description: pair(draft.description),
    nearestFacilities: pair(draft.nearestFacilities),
    prices: {
      // A row from before drafts has one price: the sale price, or the yearly rent.
      price: legacy ? (purpose === 'buy' ? summary.price : null) : (draft.price ?? null),
      daily: draft.priceDaily ?? null,
      weekly: draft.priceWeekly ?? null,
      monthly: draft.priceMonthly ?? null,
      yearly: legacy ? (purpose === 'rent' ? summary.price : null) : (draft.priceYearly ?? null),
    },
    location,
    facts,
    media: {
      photos: photos.length
        ? photos.map((photo) => photo.urls.card)
        : property.demoPhotos?.length
          ? property.demoPhotos
          : [summary.coverPhoto],
      videos: draft.videos ?? [],
      floorPlans: (draft.floorPlans ?? []).map((plan) => ({ url: plan.url, title: plan.title })),
      tour360Url: draft.tour360Url ?? null,
    },
    agent: {
      id: property.agentId,
      name: summary.agentName,
      ...(property.agentNameAr ? { nameAr: property.agentNameAr } : {}),
    },
    company: property.companyId
      ? {
          id: property.companyId,
          ...(property.companyNames?.name ? { name: property.companyNames.name } : {}),
          ...(property.companyNames?.nameAr ? { nameAr: property.companyNames.nameAr } : {}),
        }
      : null,
    badge: badgeOf(summary.agreementType),
    regulator: draft.regulator ? { ...draft.regulator } : null,
    regulatorVerified: property.regulatorVerified,
    permitNumber: draft.permitNumber ?? null,
    referenceNumber: draft.referenceNumber ?? null,
  });
}
