import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Site } from '@manzil/contracts';

@Entity({ name: 'notifications' })
export class Notification {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'notifications_pkey' })
  id: string;

  @Column({ type: 'text' })
  site: Site;

  /** The recipient, an account of identity (no foreign key: another service's data). */
  @Column({ name: 'account_id', type: 'uuid' })
  accountId: string;

  @Column({ name: 'title_en', type: 'text' })
  titleEn: string;

  @Column({ name: 'title_ar', type: 'text' })
  titleAr: string;

  @Column({ name: 'body_en', type: 'text' })
  bodyEn: string;

  @Column({ name: 'body_ar', type: 'text' })
  bodyAr: string;

  @Column({ type: 'text', default: 'general' })
  kind: string;

  @Column({ type: 'text', nullable: true })
  link: string | null;

  /** The event it came from (one notification per event and recipient). */
  @Column({ name: 'event_id', type: 'uuid', nullable: true })
  eventId: string | null;

  @Column({ name: 'read_at', type: 'timestamptz', nullable: true })
  readAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
