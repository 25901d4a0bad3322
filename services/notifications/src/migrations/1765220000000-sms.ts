import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SMS and the recipients' addresses (issue 14): the proved mobile and e-mail from identity's
 * `identity.account.channels` (and when that was true, so an older event never overwrites a
 * newer one), each person's channel choices, and the text messages waiting to leave — one per
 * event and recipient at most, sent by a BullMQ job after the transaction that wrote them.
 */
export class Sms1765220000000 implements MigrationInterface {
  name = 'Sms1765220000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "recipients"
        ADD COLUMN "phone" text,
        ADD COLUMN "channels_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
      CREATE TABLE "notification_preferences" (
        "account_id" uuid NOT NULL,
        "sms" boolean NOT NULL DEFAULT true,
        "email" boolean NOT NULL DEFAULT true,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("account_id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "notification_sms" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "event_id" uuid NOT NULL,
        "account_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "to" text NOT NULL,
        "language" text NOT NULL,
        "body" text NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "sent_at" TIMESTAMP WITH TIME ZONE,
        "failed_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "notification_sms_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "notification_sms_event_recipient" UNIQUE ("event_id", "account_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "notification_sms_pending_idx" ON "notification_sms" ("created_at") WHERE "sent_at" IS NULL AND "failed_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notification_sms"`);
    await queryRunner.query(`DROP TABLE "notification_preferences"`);
    await queryRunner.query(`ALTER TABLE "recipients" DROP COLUMN "channels_at", DROP COLUMN "phone"`);
  }
}
