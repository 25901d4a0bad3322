import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Online bookings of project units (Saudi site, residents only): one row per booking, `held`
 * while its payment runs, then `booked` (paid: the unit is sold) or `released` (failed or not
 * paid in time: the unit is available again). At most one hold per unit at a time.
 */
export class UnitBookings1764910000000 implements MigrationInterface {
  name = 'UnitBookings1764910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "unit_bookings" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "unit_id" uuid NOT NULL,
        "project_id" uuid NOT NULL,
        "customer_id" uuid NOT NULL,
        "amount" numeric(14,2) NOT NULL,
        "currency" text NOT NULL,
        "status" text NOT NULL DEFAULT 'held',
        "hold_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "payment_id" uuid,
        "released_reason" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "unit_bookings_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "unit_bookings_status_check" CHECK ("status" IN ('held', 'booked', 'released')),
        CONSTRAINT "unit_bookings_released_reason_check"
          CHECK ("released_reason" IS NULL OR "released_reason" IN ('payment_failed', 'expired')),
        CONSTRAINT "unit_bookings_unit_fkey" FOREIGN KEY ("unit_id") REFERENCES "project_units" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "unit_bookings_one_hold" ON "unit_bookings" ("unit_id") WHERE "status" = 'held'`,
    );
    await queryRunner.query(
      `CREATE INDEX "unit_bookings_customer_idx" ON "unit_bookings" ("site", "customer_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "unit_bookings_held_idx" ON "unit_bookings" ("hold_expires_at") WHERE "status" = 'held'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "unit_bookings"`);
  }
}
