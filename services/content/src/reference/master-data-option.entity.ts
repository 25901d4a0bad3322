import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Bilingual, Site } from '@manzil/contracts';

/** One option of a master data list (property kind, furnishing, amenity) of a site. */
@Entity({ name: 'master_data_options' })
export class MasterDataOption {
  @PrimaryColumn({ type: 'text' })
  site: Site;

  @PrimaryColumn({ type: 'text' })
  kind: 'propertyKinds' | 'furnishing' | 'amenities';

  @PrimaryColumn({ type: 'text' })
  value: string;

  @Column({ type: 'jsonb' })
  name: Bilingual;

  @Column({ type: 'integer', default: 0 })
  position: number;
}
