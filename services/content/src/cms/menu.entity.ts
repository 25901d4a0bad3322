import { Column, Entity } from 'typeorm';
import { bilingualColumn, CmsItem, type Bilingual } from './cms-item.base.js';

/** A top menu item (spec §3): name and link per language, and what it points at. */
@Entity({ name: 'menus' })
export class Menu extends CmsItem {
  @bilingualColumn()
  name: Bilingual;

  @bilingualColumn()
  link: Bilingual;

  @Column({ name: 'menu_slug', type: 'text' })
  menuSlug: string;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
