import { Column, Entity } from 'typeorm';
import { bilingualColumn, CmsItem, type Bilingual } from './cms-item.base.js';

/** A static page (about us, terms, privacy, `/pages/[slug]`); body is Markdown per language. */
@Entity({ name: 'pages' })
export class Page extends CmsItem {
  @Column({ type: 'text' })
  slug: string;

  @Column({ name: 'public_slug', type: 'text' })
  publicSlug: string;

  @Column({ name: 'public_slug_ar', type: 'text' })
  publicSlugAr: string;

  @bilingualColumn()
  title: Bilingual;

  @bilingualColumn()
  body: Bilingual;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
