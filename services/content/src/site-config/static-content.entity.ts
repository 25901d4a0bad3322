import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/** A static page of a site (about us, terms, privacy) and its public slugs in both languages. */
@Entity({ name: 'static_content' })
export class StaticContent {
  @PrimaryColumn({ type: 'text' })
  site: Site;

  @PrimaryColumn({ type: 'text' })
  slug: string;

  @Column({ name: 'public_slug', type: 'text' })
  publicSlug: string;

  @Column({ name: 'public_slug_ar', type: 'text' })
  publicSlugAr: string;

  @Column({ type: 'integer' })
  position: number;
}
