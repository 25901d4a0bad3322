import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';

/** An event written in the same transaction as the change it reports; the relay publishes it. */
@Entity({ name: 'outbox' })
@Index('outbox_unpublished_idx', ['id'], { where: 'published_at IS NULL' })
@Index('outbox_unpublished_key_idx', ['topic', 'key', 'id'], { where: 'published_at IS NULL' })
@Index('outbox_backoff_idx', ['topic', 'key', 'id'], {
  where: 'published_at IS NULL AND next_attempt_at IS NOT NULL',
})
@Index('outbox_published_at_idx', ['publishedAt'], { where: 'published_at IS NOT NULL' })
export class OutboxEntry {
  /** Commit-ordered sequence: the relay publishes in this order. Postgres bigint comes back as a string. */
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'outbox_pkey' })
  id: string;

  @Column({ type: 'text' })
  topic: string;

  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  event: EventEnvelope;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  /** Failed publish attempts, with the last error, for operators. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** Set after a failed attempt: the row (and so its whole key) waits until then. */
  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;
}
