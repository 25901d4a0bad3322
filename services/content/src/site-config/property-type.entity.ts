import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PropertyTypeSlug, Site } from '@manzil/contracts';

/** A listing page of a site (buy, rent, commercial-buy, commercial-rent) and whether it is shown. */
@Entity({ name: 'property_types' })
export class PropertyType {
  @PrimaryColumn({ type: 'text' })
  site: Site;

  @PrimaryColumn({ type: 'text' })
  slug: PropertyTypeSlug;

  @Column({ type: 'text' })
  status: 'active' | 'inactive';

  @Column({ name: 'name_en', type: 'text' })
  nameEn: string;

  @Column({ name: 'name_ar', type: 'text' })
  nameAr: string;

  @Column({ type: 'integer' })
  position: number;
}
