import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Bilingual, Site } from '@manzil/contracts';

/** What every CMS item has: an id, its site, whether the public sees it, and dates. */
export abstract class CmsItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'boolean', default: true })
  published: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

/** A `{ en, ar }` text column. */
export const bilingualColumn = (name?: string) => Column({ type: 'jsonb', ...(name ? { name } : {}) });
export type { Bilingual };
