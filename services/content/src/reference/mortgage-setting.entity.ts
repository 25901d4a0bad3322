import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { MortgageSettings, Site } from '@manzil/contracts';

/** The mortgage calculator's limits and fee rates of a site (spec §9). */
@Entity({ name: 'mortgage_settings' })
export class MortgageSetting {
  @PrimaryColumn({ type: 'text' })
  site: Site;

  @Column({ type: 'jsonb' })
  settings: MortgageSettings;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
