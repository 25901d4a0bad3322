import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An event a consumer has handled: the row that makes at-least-once delivery idempotent. */
@Entity({ name: 'inbox' })
@Index('inbox_handled_at_idx', ['handledAt'])
export class InboxEntry {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'inbox_pkey' })
  consumer: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'inbox_pkey' })
  eventId: string;

  @Column({ name: 'handled_at', type: 'timestamptz', default: () => 'now()' })
  handledAt: Date;
}
