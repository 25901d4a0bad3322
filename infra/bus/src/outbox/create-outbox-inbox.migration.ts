import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The bus's own tables, listed in each service's migrations (matches OutboxEntry and InboxEntry). */
export class CreateOutboxInbox1710000000000 implements MigrationInterface {
  name = 'CreateOutboxInbox1710000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "outbox" (
        "id" BIGSERIAL NOT NULL,
        "topic" text NOT NULL,
        "key" text NOT NULL,
        "event" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "published_at" TIMESTAMP WITH TIME ZONE,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text,
        CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
      )`);
    // Partial indexes stay small: only rows still waiting for the relay.
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_idx" ON "outbox" ("id") WHERE published_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "outbox_unpublished_key_idx" ON "outbox" ("topic", "key", "id") WHERE published_at IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "inbox" (
        "consumer" text NOT NULL,
        "event_id" uuid NOT NULL,
        "handled_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "inbox_pkey" PRIMARY KEY ("consumer", "event_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inbox"`);
    await queryRunner.query(`DROP TABLE "outbox"`);
  }
}
