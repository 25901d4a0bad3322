import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PropertySummary, Site } from '@manzil/contracts';

/** Postgres numeric comes back as a string; prices and areas are numbers in the API. */
const numeric = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * A published listing as search keeps it. The generated `search_vector` column (see the
 * migration) is left out: the database computes it and only queries read it.
 */
@Entity({ name: 'listing_read' })
export class ListingRead {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'listing_read_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  slug: string;

  @Column({ name: 'title_en', type: 'text' })
  titleEn: string;

  @Column({ name: 'title_ar', type: 'text' })
  titleAr: string;

  @Column({ name: 'property_type', type: 'text' })
  propertyType: PropertySummary['propertyType'];

  @Column({ type: 'text' })
  kind: PropertySummary['kind'];

  @Column({ type: 'numeric', precision: 14, scale: 2, transformer: numeric })
  price: number;

  @Column({ type: 'text' })
  currency: PropertySummary['currency'];

  @Column({ type: 'integer' })
  bedrooms: number;

  @Column({ type: 'integer' })
  bathrooms: number;

  @Column({ type: 'numeric', precision: 12, scale: 2, transformer: numeric })
  area: number;

  @Column({ name: 'area_unit', type: 'text' })
  areaUnit: PropertySummary['areaUnit'];

  @Column({ name: 'city_en', type: 'text' })
  cityEn: string;

  @Column({ name: 'city_ar', type: 'text' })
  cityAr: string;

  @Column({ name: 'community_en', type: 'text' })
  communityEn: string;

  @Column({ name: 'community_ar', type: 'text' })
  communityAr: string;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  @Column({ name: 'cover_photo', type: 'text' })
  coverPhoto: string;

  @Column({ name: 'agreement_type', type: 'text' })
  agreementType: PropertySummary['agreementType'];

  @Column({ name: 'agent_name', type: 'text' })
  agentName: string;

  @Column({ name: 'approved_at', type: 'timestamptz' })
  approvedAt: Date;

  /** When the event last applied to this row happened: an older event never overwrites a newer one. */
  @Column({ name: 'event_at', type: 'timestamptz' })
  eventAt: Date;
}

export function toListingRead(listing: PropertySummary, eventAt: Date): ListingRead {
  return Object.assign(new ListingRead(), {
    id: listing.id,
    site: listing.site,
    slug: listing.slug,
    titleEn: listing.title.en,
    titleAr: listing.title.ar,
    propertyType: listing.propertyType,
    kind: listing.kind,
    price: listing.price,
    currency: listing.currency,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    area: listing.area,
    areaUnit: listing.areaUnit,
    cityEn: listing.city.en,
    cityAr: listing.city.ar,
    communityEn: listing.community.en,
    communityAr: listing.community.ar,
    latitude: listing.latitude,
    longitude: listing.longitude,
    coverPhoto: listing.coverPhoto,
    agreementType: listing.agreementType,
    agentName: listing.agentName,
    approvedAt: new Date(listing.approvedAt),
    eventAt,
  });
}

export function toSummary(row: ListingRead): PropertySummary {
  return {
    id: row.id,
    site: row.site,
    slug: row.slug,
    title: { en: row.titleEn, ar: row.titleAr },
    propertyType: row.propertyType,
    kind: row.kind,
    price: row.price,
    currency: row.currency,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    area: row.area,
    areaUnit: row.areaUnit,
    city: { en: row.cityEn, ar: row.cityAr },
    community: { en: row.communityEn, ar: row.communityAr },
    latitude: row.latitude,
    longitude: row.longitude,
    coverPhoto: row.coverPhoto,
    agreementType: row.agreementType,
    agentName: row.agentName,
    approvedAt: row.approvedAt.toISOString(),
  };
}
