import { Column, Entity } from 'typeorm';
import { bilingualColumn, CmsItem, type Bilingual } from './cms-item.base.js';

/** A blog post; `publishedAt` is set when it is first published (or given by the admin). */
@Entity({ name: 'blogs' })
export class Blog extends CmsItem {
  @Column({ type: 'text' })
  slug: string;

  @Column({ name: 'slug_ar', type: 'text' })
  slugAr: string;

  @bilingualColumn()
  title: Bilingual;

  @bilingualColumn()
  excerpt: Bilingual;

  @bilingualColumn()
  body: Bilingual;

  @Column({ name: 'cover_image', type: 'text' })
  coverImage: string;

  @bilingualColumn()
  author: Bilingual;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  tags: Bilingual[];

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;
}
