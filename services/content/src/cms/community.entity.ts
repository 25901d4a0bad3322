import { Column, Entity } from 'typeorm';
import { bilingualColumn, CmsItem, type Bilingual } from './cms-item.base.js';

/** A community / area guide (Dubai Marina, Al Malqa, ...). */
@Entity({ name: 'communities' })
export class Community extends CmsItem {
  @Column({ type: 'text' })
  slug: string;

  @Column({ name: 'slug_ar', type: 'text' })
  slugAr: string;

  @bilingualColumn()
  name: Bilingual;

  @bilingualColumn()
  city: Bilingual;

  @Column({ name: 'city_slug', type: 'text' })
  citySlug: string;

  @bilingualColumn()
  summary: Bilingual;

  @bilingualColumn()
  description: Bilingual;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  highlights: Bilingual[];

  @Column({ name: 'cover_image', type: 'text' })
  coverImage: string;

  @Column({ type: 'double precision' })
  latitude: number;

  @Column({ type: 'double precision' })
  longitude: number;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
