import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { PropertySummary, Site } from '@manzil/contracts';

/** Postgres numeric comes back as a string; prices and areas are numbers in the API. */
const numeric = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

export type ApprovalStatus = 'draft' | 'pending' | 'accepted' | 'rejected';

@Entity({ name: 'properties' })
@Index('properties_site_slug_key', ['site', 'slug'], { unique: true })
@Index('properties_site_status_idx', ['site', 'approvalStatus', 'createdAt'])
export class Property {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'properties_pkey' })
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

  /** Path under the gateway (`/api/listings/v1/media/...`), so it works on both site origins. */
  @Column({ name: 'cover_photo', type: 'text' })
  coverPhoto: string;

  @Column({ name: 'agreement_type', type: 'text' })
  agreementType: PropertySummary['agreementType'];

  @Column({ name: 'agent_name', type: 'text' })
  agentName: string;

  @Column({ name: 'approval_status', type: 'text', default: 'draft' })
  approvalStatus: ApprovalStatus;

  @Column({ name: 'rejected_reason', type: 'text', nullable: true })
  rejectedReason: string | null;

  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt: Date | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
