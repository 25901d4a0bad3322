import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Bilingual, Site } from '@manzil/contracts';

/** Spec §3 admin info: the footer's contact block and social links, one row per site. */
@Entity({ name: 'admin_info' })
export class AdminInfo {
  @PrimaryColumn({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  mobile: string;

  @Column({ type: 'text' })
  whatsapp: string;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  addresses: Bilingual[];

  @Column({ name: 'facebook_url', type: 'text', nullable: true })
  facebookUrl: string | null;

  @Column({ name: 'linkedin_url', type: 'text', nullable: true })
  linkedinUrl: string | null;

  @Column({ name: 'twitter_url', type: 'text', nullable: true })
  twitterUrl: string | null;

  @Column({ name: 'youtube_url', type: 'text', nullable: true })
  youtubeUrl: string | null;

  @Column({ name: 'instgram_url', type: 'text', nullable: true })
  instgramUrl: string | null;

  @Column({ name: 'app_store_url', type: 'text', nullable: true })
  appStoreUrl: string | null;

  @Column({ name: 'play_store_url', type: 'text', nullable: true })
  playStoreUrl: string | null;

  @Column({ name: 'licence_certificate_url', type: 'text', nullable: true })
  licenceCertificateUrl: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
