import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Properties with their approval workflow, one site per row. */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "properties" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "slug" text NOT NULL,
        "title_en" text NOT NULL,
        "title_ar" text NOT NULL,
        "property_type" text NOT NULL,
        "kind" text NOT NULL,
        "price" numeric(14, 2) NOT NULL,
        "currency" text NOT NULL,
        "bedrooms" integer NOT NULL,
        "bathrooms" integer NOT NULL,
        "area" numeric(12, 2) NOT NULL,
        "area_unit" text NOT NULL,
        "city_en" text NOT NULL,
        "city_ar" text NOT NULL,
        "community_en" text NOT NULL,
        "community_ar" text NOT NULL,
        "latitude" double precision NOT NULL,
        "longitude" double precision NOT NULL,
        "cover_photo" text NOT NULL,
        "agreement_type" text NOT NULL,
        "agent_name" text NOT NULL,
        "approval_status" text NOT NULL DEFAULT 'draft',
        "rejected_reason" text,
        "rejected_at" TIMESTAMP WITH TIME ZONE,
        "approved_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "properties_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "properties_site_check" CHECK ("site" IN ('ae', 'sa')),
        CONSTRAINT "properties_approval_status_check"
          CHECK ("approval_status" IN ('draft', 'pending', 'accepted', 'rejected')),
        CONSTRAINT "properties_price_check" CHECK ("price" > 0),
        CONSTRAINT "properties_area_check" CHECK ("area" > 0)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "properties_site_slug_key" ON "properties" ("site", "slug")`,
    );
    await queryRunner.query(
      `CREATE INDEX "properties_site_status_idx" ON "properties" ("site", "approval_status", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "properties"`);
  }
}
