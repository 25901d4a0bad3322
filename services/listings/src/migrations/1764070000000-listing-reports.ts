import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Reports of a listing by logged-in visitors (spec §3 Report), one per reporter and listing. */
export class ListingReports1764070000000 implements MigrationInterface {
  name = 'ListingReports1764070000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "listing_reports" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "property_id" uuid NOT NULL,
        "reporter_id" uuid NOT NULL,
        "reporter_role" text NOT NULL,
        "reason" text NOT NULL,
        "user_type" text NOT NULL,
        "comment" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "listing_reports_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "listing_reports_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE CASCADE,
        CONSTRAINT "listing_reports_one_per_reporter" UNIQUE ("property_id", "reporter_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "listing_reports_site_created_idx" ON "listing_reports" ("site", "created_at" DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "listing_reports"`);
  }
}
