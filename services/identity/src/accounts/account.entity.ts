import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

export const ACCOUNT_ROLES = ['user', 'agent', 'company', 'admin'] as const;
export const ACCOUNT_STATUSES = ['active', 'inactive', 'deleted'] as const;

@Entity({ name: 'accounts' })
export class Account {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'accounts_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  role: (typeof ACCOUNT_ROLES)[number];

  @Column({ type: 'text' })
  name: string;

  /** National number without the country code, ASCII digits (Arabic-Indic digits are normalized before). */
  @Column({ type: 'text' })
  mobile: string;

  /** "+971", "+966", ... */
  @Column({ name: 'country_code', type: 'text' })
  countryCode: string;

  @Column({ type: 'text', nullable: true })
  email: string | null;

  /** Null for accounts that sign in only with an OTP, Nafath or Google. Never leaves the service. */
  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  @Column({ type: 'text', default: 'active' })
  status: (typeof ACCOUNT_STATUSES)[number];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
