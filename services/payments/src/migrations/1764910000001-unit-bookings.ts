import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unit bookings are payments too (purpose `unit_booking`): one per booking listings held
 * (`unit.booking-held`), paid through the same Checkout, webhook and reconciliation. Such a
 * payment names the booking, its unit and project (listings' ids, no foreign key) and carries
 * what was booked in both languages and the project's slug, for the orders page; unique per
 * booking, so reading the event twice opens one payment.
 */
export class UnitBookings1764910000001 implements MigrationInterface {
  name = 'UnitBookings1764910000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check"`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('subscription', 'upgrade', 'bid_fee', 'unit_booking'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" ADD COLUMN "booking_id" uuid, ADD COLUMN "unit_id" uuid, ADD COLUMN "project_id" uuid,
         ADD COLUMN "project_slug" text, ADD COLUMN "title_en" text, ADD COLUMN "title_ar" text`,
    );
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_subject_check"`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_subject_check" CHECK (
         ("purpose" = 'bid_fee' AND "bid_id" IS NOT NULL AND "auction_id" IS NOT NULL AND "plan_id" IS NULL AND "booking_id" IS NULL)
         OR ("purpose" = 'unit_booking' AND "booking_id" IS NOT NULL AND "unit_id" IS NOT NULL AND "project_id" IS NOT NULL
             AND "plan_id" IS NULL AND "bid_id" IS NULL)
         OR ("purpose" IN ('subscription', 'upgrade') AND "plan_id" IS NOT NULL AND "bid_id" IS NULL AND "booking_id" IS NULL))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payments_booking_key" ON "payments" ("booking_id") WHERE "booking_id" IS NOT NULL`,
    );
    // The orders page: a customer's one-off payments, newest first.
    await queryRunner.query(
      `CREATE INDEX "payments_orders_idx" ON "payments" ("site", "account_id", "created_at" DESC, "id")
         WHERE "purpose" IN ('bid_fee', 'unit_booking')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "payments" WHERE "purpose" = 'unit_booking'`);
    await queryRunner.query(`DROP INDEX "payments_orders_idx"`);
    await queryRunner.query(`DROP INDEX "payments_booking_key"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_subject_check"`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_subject_check" CHECK (
         ("purpose" = 'bid_fee' AND "bid_id" IS NOT NULL AND "auction_id" IS NOT NULL AND "plan_id" IS NULL)
         OR ("purpose" <> 'bid_fee' AND "plan_id" IS NOT NULL AND "bid_id" IS NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "payments" DROP COLUMN "booking_id", DROP COLUMN "unit_id", DROP COLUMN "project_id",
         DROP COLUMN "project_slug", DROP COLUMN "title_en", DROP COLUMN "title_ar"`,
    );
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check"`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('subscription', 'upgrade', 'bid_fee'))`,
    );
  }
}
