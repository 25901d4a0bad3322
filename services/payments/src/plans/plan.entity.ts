import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PlanTier, Site } from '@manzil/contracts';

@Entity({ name: 'plans' })
export class Plan {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'plans_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'name_ar', type: 'text' })
  nameAr: string;

  @Column({ type: 'text' })
  tier: PlanTier;

  @Column({ name: 'duration_months', type: 'integer' })
  durationMonths: number;

  /** numeric comes back from pg as a string: exact, converted at the edge. */
  @Column({ type: 'numeric', precision: 12, scale: 2 })
  fees: string;

  @Column({ type: 'text' })
  currency: 'AED' | 'SAR';

  /** Properties the subscriber may publish at once. */
  @Column({ name: 'property_quota', type: 'integer' })
  propertyQuota: number;

  /** Agents a company may add. */
  @Column({ name: 'agent_quota', type: 'integer' })
  agentQuota: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
