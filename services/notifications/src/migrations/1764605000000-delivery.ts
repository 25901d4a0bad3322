import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications from events (issue 14): each row remembers the event it came from, one per
 * event and recipient (a redelivered event finds it there); a link to the page it is about; the
 * recipients' language (from identity's events) and the e-mails waiting to leave, one per
 * notification at most, sent by the dispatcher after the transaction that wrote them.
 */
export class Delivery1764605000000 implements MigrationInterface {
  name = 'Delivery1764605000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "notifications"
        ADD COLUMN "kind" text NOT NULL DEFAULT 'general',
        ADD COLUMN "link" text,
        ADD COLUMN "event_id" uuid`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "notifications_event_recipient" ON "notifications" ("event_id", "account_id") WHERE "event_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "notifications_unread_idx" ON "notifications" ("site", "account_id") WHERE "read_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "recipients" (
        "account_id" uuid NOT NULL,
        "site" text NOT NULL,
        "role" text,
        "language" text NOT NULL DEFAULT 'en' CONSTRAINT "recipients_language_check" CHECK ("language" IN ('en', 'ar')),
        "email" text,
        "deleted_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "recipients_pkey" PRIMARY KEY ("account_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "notification_emails" (
        "notification_id" uuid NOT NULL,
        "to" text NOT NULL,
        "language" text NOT NULL,
        "subject" text NOT NULL,
        "text" text NOT NULL,
        "html" text NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sent_at" TIMESTAMP WITH TIME ZONE,
        "failed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "notification_emails_pkey" PRIMARY KEY ("notification_id"),
        CONSTRAINT "notification_emails_notification_fkey" FOREIGN KEY ("notification_id") REFERENCES "notifications" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "notification_emails_due_idx" ON "notification_emails" ("next_attempt_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification_emails"`);
    await queryRunner.query(`DROP TABLE "recipients"`);
    await queryRunner.query(`DROP INDEX "notifications_unread_idx"`);
    await queryRunner.query(`DROP INDEX "notifications_event_recipient"`);
    await queryRunner.query(
      `ALTER TABLE "notifications" DROP COLUMN "event_id", DROP COLUMN "link", DROP COLUMN "kind"`,
    );
  }
}
