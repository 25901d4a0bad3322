import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports of a project's unit (spec §7 `units/report`) share `listing_reports` with reports of a
 * listing, so the admins read one queue: `unit_id` beside `property_id`, exactly one of them set,
 * one report per reporter and unit (as per listing).
 */
export class UnitReports1764940000000 implements MigrationInterface {
  name = 'UnitReports1764940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "listing_reports" ALTER COLUMN "property_id" DROP NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "listing_reports"
        ADD COLUMN "unit_id" uuid,
        ADD CONSTRAINT "listing_reports_unit_fkey" FOREIGN KEY ("unit_id") REFERENCES "project_units" ("id") ON DELETE CASCADE,
        ADD CONSTRAINT "listing_reports_one_subject" CHECK (("property_id" IS NULL) <> ("unit_id" IS NULL)),
        ADD CONSTRAINT "listing_reports_one_per_reporter_unit" UNIQUE ("unit_id", "reporter_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "listing_reports" WHERE "unit_id" IS NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "listing_reports"
        DROP CONSTRAINT "listing_reports_one_per_reporter_unit",
        DROP CONSTRAINT "listing_reports_one_subject",
        DROP CONSTRAINT "listing_reports_unit_fkey",
        DROP COLUMN "unit_id"`);
    await queryRunner.query(`ALTER TABLE "listing_reports" ALTER COLUMN "property_id" SET NOT NULL`);
  }
}
