import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Language, Site } from '@manzil/contracts';

type Status = 'new' | 'in-progress' | 'answered' | 'closed';

/** Columns shared by a contact-us message and a complaint or suggestion. */
export abstract class ReceivedMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'country_code', type: 'text' })
  countryCode: string;

  @Column({ type: 'text' })
  mobile: string;

  @Column({ type: 'text' })
  message: string;

  /** The language the sender wrote in, so the reply can be in it too. */
  @Column({ type: 'text' })
  language: Language;

  @Column({ type: 'text', default: 'new' })
  status: Status;

  @Column({ type: 'text', nullable: true })
  reply: string | null;

  @Column({ name: 'replied_at', type: 'timestamptz', nullable: true })
  repliedAt: Date | null;

  @Column({ name: 'replied_by', type: 'text', nullable: true })
  repliedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

@Entity({ name: 'contact_messages' })
export class ContactMessage extends ReceivedMessage {}

@Entity({ name: 'complaints' })
export class Complaint extends ReceivedMessage {
  @Column({ type: 'text' })
  type: 'complaint' | 'suggestion';

  @Column({ type: 'text' })
  subject: string;

  @Column({ name: 'account_id', type: 'text', nullable: true })
  accountId: string | null;
}

@Entity({ name: 'feedback' })
export class Feedback {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  site: Site;

  @Column({ type: 'text' })
  type: 'page' | 'blog' | 'faq' | 'community' | 'property' | 'general';

  @Column({ type: 'text', nullable: true })
  target: string | null;

  @Column({ type: 'integer' })
  rating: number;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'account_id', type: 'text', nullable: true })
  accountId: string | null;

  @Column({ type: 'text' })
  language: Language;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
