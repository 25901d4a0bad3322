import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-aggregate backoff and parking of outbox rows that keep failing (`next_attempt_at`,
 * `outbox_dead`), and the indexes the retention job deletes by. Listed in each service's
 * migrations after CreateOutboxInbox1710000000000; matches OutboxEntry, OutboxDeadEntry, InboxEntry.
 */
export class OutboxDeadRetention1710000000001 implements MigrationInterface {
  name = 'OutboxDeadRetention1710000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox" ADD "next_attempt_at" TIMESTAMP WITH TIME ZONE`);
    // Only rows waiting out a backoff: tiny, so the relay's "is this key backing off?" probe is cheap.
    await queryRunner.query(
      `CREATE INDEX "outbox_backoff_idx" ON "outbox" ("topic", "key", "id") WHERE published_at IS NULL AND next_attempt_at IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "outbox_published_at_idx" ON "outbox" ("published_at") WHERE published_at IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "inbox_handled_at_idx" ON "inbox" ("handled_at")`);
    await queryRunner.query(`
      CREATE TABLE "outbox_dead" (
        "id" bigint NOT NULL,
        "topic" text NOT NULL,
        "key" text NOT NULL,
        "event" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "attempts" integer NOT NULL,
        "last_error" text,
        "dead_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "outbox_dead_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "outbox_dead_key_idx" ON "outbox_dead" ("topic", "key", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Parked events go back to the outbox rather than being lost with the table.
    await queryRunner.query(
      `INSERT INTO "outbox" ("id", "topic", "key", "event", "created_at", "attempts", "last_error")
       SELECT "id", "topic", "key", "event", "created_at", 0, "last_error" FROM "outbox_dead"`,
    );
    await queryRunner.query(`DROP TABLE "outbox_dead"`);
    await queryRunner.query(`DROP INDEX "inbox_handled_at_idx"`);
    await queryRunner.query(`DROP INDEX "outbox_published_at_idx"`);
    await queryRunner.query(`DROP INDEX "outbox_backoff_idx"`);
    await queryRunner.query(`ALTER TABLE "outbox" DROP COLUMN "next_attempt_at"`);
  }
}
