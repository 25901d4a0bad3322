import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { LocationLevel, Site } from '@manzil/contracts';

/** A place of the hierarchy city > community > sub-community > building (master data). */
@Entity({ name: 'locations' })
@Index('locations_site_parent_idx', ['site', 'parentId'])
export class Location {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'locations_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  level: LocationLevel;

  @Column({ name: 'parent_id', type: 'text', nullable: true })
  parentId: string | null;

  @Column({ name: 'name_en', type: 'text' })
  nameEn: string;

  @Column({ name: 'name_ar', type: 'text' })
  nameAr: string;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;
}
