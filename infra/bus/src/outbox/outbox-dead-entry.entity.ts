import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { EventEnvelope } from '@manzil/contracts';

/**
 * An outbox row that failed `maxAttempts` times, parked by the relay. It keeps its outbox id,
 * so a replay puts it back in front of the later rows of its key, which wait for it meanwhile.
 */
@Entity({ name: 'outbox_dead' })
@Index('outbox_dead_key_idx', ['topic', 'key', 'id'])
export class OutboxDeadEntry {
  @PrimaryColumn({ type: 'bigint', primaryKeyConstraintName: 'outbox_dead_pkey' })
  id: string;

  @Column({ type: 'text' })
  topic: string;

  @Column({ type: 'text' })
  key: string;

  @Column({ type: 'jsonb' })
  event: EventEnvelope;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'integer' })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'dead_at', type: 'timestamptz', default: () => 'now()' })
  deadAt: Date;
}
