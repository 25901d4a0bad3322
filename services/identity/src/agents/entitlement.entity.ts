import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

/** What a subscription bought (from `payments.subscription.activated`): identity's own copy. */
@Entity({ name: 'entitlements' })
export class Entitlement {
  @PrimaryColumn({ name: 'subscription_id', type: 'uuid', primaryKeyConstraintName: 'entitlements_pkey' })
  subscriptionId: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ type: 'text' })
  plan: string;

  @Column({ name: 'property_quota', type: 'integer' })
  propertyQuota: number;

  @Column({ name: 'agent_quota', type: 'integer' })
  agentQuota: number;

  @Column({ name: 'starts_at', type: 'timestamptz' })
  startsAt: Date;

  @Column({ name: 'ends_at', type: 'timestamptz' })
  endsAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
