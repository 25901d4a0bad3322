import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/** One row per site: the values of spec §3 Config that an admin may change. */
@Entity({ name: 'site_settings' })
export class SiteSetting {
  @PrimaryColumn({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  country: 'UAE' | 'Saudi';

  @Column({ type: 'text' })
  currency: 'AED' | 'SAR';

  @Column({ name: 'area_unit', type: 'text' })
  areaUnit: 'sqft' | 'sqm';

  @Column({ name: 'phone_prefix', type: 'text' })
  phonePrefix: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
