import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin console (issue 13 item 8):
 * - `refunded`, a fourth payment status (a paid payment an admin gave the money back for),
 *   with when, by whom, the provider's refund and payment intent; a subscription ended by a
 *   refund says so (`ended_reason = 'refunded'`).
 * - `payment_status_history`: every status a payment went through, written by a trigger on
 *   `payments` (insert, and every change of `status`), so no code path that moves a payment,
 *   today's or a future one, can forget it. Existing payments get their history from what
 *   their row says (created Pending, then their status at its last change).
 * - `plan_changes`: the audit of the admin's edits of plans (who, when, each field from/to).
 */
export class AdminConsole1764800000000 implements MigrationInterface {
  name = 'AdminConsole1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check"`);
    await queryRunner.query(`
      ALTER TABLE "payments"
        ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('pending', 'canceled', 'paid', 'refunded')),
        ADD "refunded_at" TIMESTAMP WITH TIME ZONE,
        ADD "refunded_by" uuid,
        ADD "provider_refund_id" text,
        ADD "provider_payment_intent" text`);
    await queryRunner.query(
      `CREATE INDEX "payments_site_created_idx" ON "payments" ("site", "created_at" DESC, "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "payments_payment_intent_idx" ON "payments" ("provider_payment_intent") WHERE "provider_payment_intent" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_ended_reason_check"`);
    await queryRunner.query(`
      ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_reason_check"
        CHECK ("ended_reason" IN ('ended', 'upgraded', 'refunded'))`);

    await queryRunner.query(`
      CREATE TABLE "payment_status_history" (
        "id" bigserial NOT NULL,
        "payment_id" uuid NOT NULL CONSTRAINT "payment_status_history_payment_fkey" REFERENCES "payments" ("id") ON DELETE CASCADE,
        "status" text NOT NULL,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "payment_status_history_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "payment_status_history_payment_idx" ON "payment_status_history" ("payment_id", "at", "id")`,
    );
    await queryRunner.query(`
      CREATE FUNCTION "payment_status_history_record"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "payment_status_history" ("payment_id", "status", "at") VALUES (NEW."id", NEW."status", now());
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "payments_status_history_insert" AFTER INSERT ON "payments"
        FOR EACH ROW EXECUTE FUNCTION "payment_status_history_record"()`);
    await queryRunner.query(`
      CREATE TRIGGER "payments_status_history_update" AFTER UPDATE OF "status" ON "payments"
        FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
        EXECUTE FUNCTION "payment_status_history_record"()`);
    await queryRunner.query(`
      INSERT INTO "payment_status_history" ("payment_id", "status", "at")
        SELECT "id", 'pending', "created_at" FROM "payments"
        UNION ALL
        SELECT "id", "status", coalesce("paid_at", "updated_at") FROM "payments" WHERE "status" <> 'pending'`);

    await queryRunner.query(`
      CREATE TABLE "plan_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "plan_id" uuid NOT NULL CONSTRAINT "plan_changes_plan_fkey" REFERENCES "plans" ("id") ON DELETE CASCADE,
        "site" text NOT NULL CONSTRAINT "plan_changes_site_check" CHECK ("site" IN ('ae', 'sa')),
        "admin_id" uuid NOT NULL,
        "changes" jsonb NOT NULL,
        "changed_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "plan_changes_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "plan_changes_site_idx" ON "plan_changes" ("site", "changed_at" DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "plan_changes"`);
    await queryRunner.query(`DROP TRIGGER "payments_status_history_update" ON "payments"`);
    await queryRunner.query(`DROP TRIGGER "payments_status_history_insert" ON "payments"`);
    await queryRunner.query(`DROP FUNCTION "payment_status_history_record"()`);
    await queryRunner.query(`DROP TABLE "payment_status_history"`);
    await queryRunner.query(`ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_ended_reason_check"`);
    await queryRunner.query(
      `UPDATE "subscriptions" SET "ended_reason" = 'ended' WHERE "ended_reason" = 'refunded'`,
    );
    await queryRunner.query(`
      ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_ended_reason_check"
        CHECK ("ended_reason" IN ('ended', 'upgraded'))`);
    await queryRunner.query(`DROP INDEX "payments_payment_intent_idx"`);
    await queryRunner.query(`DROP INDEX "payments_site_created_idx"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check"`);
    await queryRunner.query(`UPDATE "payments" SET "status" = 'paid' WHERE "status" = 'refunded'`);
    await queryRunner.query(`
      ALTER TABLE "payments"
        DROP COLUMN "provider_payment_intent", DROP COLUMN "provider_refund_id",
        DROP COLUMN "refunded_by", DROP COLUMN "refunded_at",
        ADD CONSTRAINT "payments_status_check" CHECK ("status" IN ('pending', 'canceled', 'paid'))`);
  }
}
