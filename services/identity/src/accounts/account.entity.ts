import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AccountRole, Language, Site } from '@manzil/contracts';

export const ACCOUNT_ROLES = ['user', 'agent', 'company', 'admin'] as const;
/** `deleted`: deletion requested (login refused); personal data is anonymised after the grace period. */
export const ACCOUNT_STATUSES = ['active', 'inactive', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'accounts_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  role: AccountRole;

  /** "first last" of a person, or a company's name: what the token's `name` claim carries. */
  @Column({ type: 'text' })
  name: string;

  /** The Arabic form of `name` for the public directory; null: the name is shown as it is. */
  @Column({ name: 'name_ar', type: 'text', nullable: true })
  nameAr: string | null;

  /** Computed by Postgres from the name and id (migration Directory1735000000000). */
  @Column({ type: 'text', insert: false, update: false })
  slug: string;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName: string | null;

  /** National number without the country code, ASCII digits. Null for a Google-only account. */
  @Column({ type: 'text', nullable: true })
  mobile: string | null;

  /** "+971", "+966". */
  @Column({ name: 'country_code', type: 'text', nullable: true })
  countryCode: string | null;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** argon2id. Null for accounts that sign in only with Nafath or Google. Never leaves the service. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ type: 'text', default: 'active' })
  status: AccountStatus;

  @Column({ type: 'text', default: 'en' })
  language: Language;

  /** The mobile number was proved with an OTP (or the e-mail by Google). */
  @Column({ type: 'boolean', default: false })
  verified: boolean;

  /** The e-mail was proved with a code sent to it (or by Google); false again when it changes. */
  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified: boolean;

  /** Google's `sub` of the Google account linked to this one (signed up with Google, or linked after proof). */
  @Column({ name: 'google_subject', type: 'text', nullable: true })
  googleSubject: string | null;

  @Column({ name: 'nafath_verified_at', type: 'timestamptz', nullable: true })
  nafathVerifiedAt: Date | null;

  @Column({ name: 'national_id', type: 'text', nullable: true })
  nationalId: string | null;

  /** The picture (customer, agent) or logo (company): an upload of ours or an outside URL (Google). */
  @Column({ name: 'picture_upload_id', type: 'uuid', nullable: true })
  pictureUploadId: string | null;

  @Column({ name: 'picture_url', type: 'text', nullable: true })
  pictureUrl: string | null;

  /** An agent's company (null: freelancer, or another role). */
  @Column({ name: 'company_id', type: 'uuid', nullable: true })
  companyId: string | null;

  @Column({ type: 'boolean', default: false })
  freelancer: boolean;

  @Column({ type: 'boolean', default: false })
  whatsapp: boolean;

  @Column({ type: 'text', nullable: true })
  nationality: string | null;

  @Column({ type: 'text', array: true, default: () => `'{}'` })
  languages: string[];

  @Column({ type: 'text', nullable: true })
  designation: string | null;

  @Column({ type: 'text', nullable: true })
  brn: string | null;

  @Column({ type: 'text', nullable: true })
  orn: string | null;

  @Column({ type: 'text', nullable: true })
  bio: string | null;

  @Column({ name: 'authorized_person', type: 'text', nullable: true })
  authorizedPerson: string | null;

  @Column({ name: 'head_office', type: 'text', nullable: true })
  headOffice: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @Column({ name: 'anonymised_at', type: 'timestamptz', nullable: true })
  anonymisedAt: Date | null;

  /**
   * Raised by every revocation of all the account's sessions; access tokens carry it (`tv`)
   * and every service refuses one behind. Written only by SQL that raises it (never by a
   * save of a stale entity, which would lower it).
   */
  @Column({ name: 'token_version', type: 'integer', insert: false, update: false })
  tokenVersion: number;

  @Column({ name: 'tokens_revoked_at', type: 'timestamptz', nullable: true, insert: false, update: false })
  tokensRevokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
