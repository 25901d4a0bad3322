import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a listing draws, per day of the site's time zone (issue 13 item 7, the reports tab):
 * `property_views`, detail page views counted once per visitor per listing per day (the
 * visitor is deduplicated in Redis; no visitor id or IP reaches this table), and
 * `property_contact_clicks`, the agent card's call and WhatsApp clicks, likewise.
 */
export class PropertyViews1765330000000 implements MigrationInterface {
  name = 'PropertyViews1765330000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "property_views" (
        "property_id" uuid NOT NULL,
        "day" date NOT NULL,
        "site" text NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "property_views_pkey" PRIMARY KEY ("property_id", "day"),
        CONSTRAINT "property_views_count_check" CHECK ("count" > 0),
        CONSTRAINT "property_views_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "property_contact_clicks" (
        "property_id" uuid NOT NULL,
        "day" date NOT NULL,
        "kind" text NOT NULL,
        "site" text NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "property_contact_clicks_pkey" PRIMARY KEY ("property_id", "day", "kind"),
        CONSTRAINT "property_contact_clicks_kind_check" CHECK ("kind" IN ('call', 'whatsapp')),
        CONSTRAINT "property_contact_clicks_count_check" CHECK ("count" > 0),
        CONSTRAINT "property_contact_clicks_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE CASCADE
      )`);
    // The report reads a listing's leads by the day they came in.
    await queryRunner.query(
      `CREATE INDEX "enquiries_property_created_idx" ON "enquiries" ("property_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "appointments_property_created_idx" ON "appointments" ("property_id", "created_at") WHERE "property_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "appointments_property_created_idx"`);
    await queryRunner.query(`DROP INDEX "enquiries_property_created_idx"`);
    await queryRunner.query(`DROP TABLE "property_contact_clicks"`);
    await queryRunner.query(`DROP TABLE "property_views"`);
  }
}
