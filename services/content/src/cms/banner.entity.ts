import { Column, Entity } from 'typeorm';
import { bilingualColumn, CmsItem, type Bilingual } from './cms-item.base.js';

/** A home banner, ad banner or side ad; the public gets its `display` in one language. */
@Entity({ name: 'banners' })
export class Banner extends CmsItem {
  @Column({ type: 'text' })
  placement: 'home' | 'ad' | 'side';

  @bilingualColumn()
  title: Bilingual;

  @bilingualColumn()
  subtitle: Bilingual;

  @bilingualColumn('cta_label')
  ctaLabel: Bilingual;

  @Column({ type: 'jsonb' })
  link: { en: string | null; ar: string | null };

  @Column({ name: 'image_url', type: 'text' })
  imageUrl: string;

  @Column({ name: 'image_url_ar', type: 'text', nullable: true })
  imageUrlAr: string | null;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
