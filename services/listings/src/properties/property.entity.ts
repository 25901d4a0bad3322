import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type {
  PropertyFields,
  PropertySummary,
  PublishedProperty,
  RegulatorVerified,
  Site,
} from '@manzil/contracts';

/** Postgres numeric comes back as a string; prices and areas are numbers in the API. */
const numeric = {
  to: (value: number | null) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

export type ApprovalStatus = 'draft' | 'pending' | 'accepted' | 'rejected';
export type ListingState = 'active' | 'inactive' | 'sold';

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

  @Column({ name: 'title_en', type: 'text', nullable: true })
  titleEn: string | null;

  @Column({ name: 'title_ar', type: 'text', nullable: true })
  titleAr: string | null;

  @Column({ name: 'property_type', type: 'text', nullable: true })
  propertyType: PropertySummary['propertyType'] | null;

  @Column({ type: 'text', nullable: true })
  kind: PropertySummary['kind'] | null;

  @Column({ type: 'numeric', precision: 14, scale: 2, transformer: numeric, nullable: true })
  price: number | null;

  @Column({ type: 'text', nullable: true })
  currency: PropertySummary['currency'] | null;

  @Column({ type: 'integer', nullable: true })
  bedrooms: number | null;

  @Column({ type: 'integer', nullable: true })
  bathrooms: number | null;

  @Column({ type: 'numeric', precision: 12, scale: 2, transformer: numeric, nullable: true })
  area: number | null;

  @Column({ name: 'area_unit', type: 'text', nullable: true })
  areaUnit: PropertySummary['areaUnit'] | null;

  @Column({ name: 'city_en', type: 'text', nullable: true })
  cityEn: string | null;

  @Column({ name: 'city_ar', type: 'text', nullable: true })
  cityAr: string | null;

  @Column({ name: 'community_en', type: 'text', nullable: true })
  communityEn: string | null;

  @Column({ name: 'community_ar', type: 'text', nullable: true })
  communityAr: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  /** Path under the gateway (`/api/listings/v1/media/...`), so it works on both site origins. */
  @Column({ name: 'cover_photo', type: 'text', nullable: true })
  coverPhoto: string | null;

  @Column({ name: 'agreement_type', type: 'text', nullable: true })
  agreementType: PropertySummary['agreementType'] | null;

  @Column({ name: 'agent_name', type: 'text', nullable: true })
  agentName: string | null;

  /** The advertiser's name in Arabic (seeded agents have one); null: `agentName` on both sites' pages. */
  @Column({ name: 'agent_name_ar', type: 'text', nullable: true })
  agentNameAr: string | null;

  /**
   * Not a column: the company's names as identity announced them (`identity.company.profile`),
   * set before the public version is built (`applyAdvertiserNames`, the seed's roster), so
   * `listing.approved` names the company in both languages; the `published` snapshot keeps them.
   */
  companyNames?: { name: string; nameAr: string | null };

  /** Paths of demo photos (seeded listings), shown while the listing has no uploaded photo. */
  @Column({ name: 'demo_photos', type: 'text', array: true, nullable: true })
  demoPhotos: string[] | null;

  @Column({ name: 'approval_status', type: 'text', default: 'draft' })
  approvalStatus: ApprovalStatus;

  @Column({ name: 'rejected_reason', type: 'text', nullable: true })
  rejectedReason: string | null;

  @Column({ name: 'rejected_at', type: 'timestamptz', nullable: true })
  rejectedAt: Date | null;

  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true })
  approvedAt: Date | null;

  /** The owner's working copy (every field of spec §3, as `propertyFieldsSchema` parsed it); `{}` for rows from before drafts. */
  @Column({ type: 'jsonb', default: {} })
  draft: PropertyFields;

  /** The public version (`listing.approved` v2 payload) while it is public; kept while an edit waits for approval. */
  @Column({ type: 'jsonb', nullable: true })
  published: PublishedProperty | null;

  @Column({ name: 'agent_id', type: 'uuid', nullable: true })
  agentId: string | null;

  @Column({ name: 'company_id', type: 'uuid', nullable: true })
  companyId: string | null;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ type: 'text', default: 'active' })
  state: ListingState;

  @Column({ name: 'submitted_at', type: 'timestamptz', nullable: true })
  submittedAt: Date | null;

  @Column({ name: 'sold_at', type: 'timestamptz', nullable: true })
  soldAt: Date | null;

  /** What REGA confirmed of the Saudi ad licence at its last check (spec §3 regulator fields). */
  @Column({ name: 'regulator_verified', type: 'jsonb', nullable: true })
  regulatorVerified: RegulatorVerified | null;

  /** When the confirmed licence ends: the listing is taken off then (licence expiry job). */
  @Column({ name: 'licence_ends_at', type: 'timestamptz', nullable: true })
  licenceEndsAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
