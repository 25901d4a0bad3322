import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Site settings, property types and static content slugs, one set per site. */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "site_settings" (
        "site" text NOT NULL,
        "country" text NOT NULL,
        "currency" text NOT NULL,
        "area_unit" text NOT NULL,
        "phone_prefix" text NOT NULL,
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "site_settings_pkey" PRIMARY KEY ("site"),
        CONSTRAINT "site_settings_site_check" CHECK ("site" IN ('ae', 'sa')),
        CONSTRAINT "site_settings_country_check" CHECK ("country" IN ('UAE', 'Saudi')),
        CONSTRAINT "site_settings_currency_check" CHECK ("currency" IN ('AED', 'SAR')),
        CONSTRAINT "site_settings_area_unit_check" CHECK ("area_unit" IN ('sqft', 'sqm'))
      )`);
    await queryRunner.query(`
      CREATE TABLE "property_types" (
        "site" text NOT NULL,
        "slug" text NOT NULL,
        "status" text NOT NULL DEFAULT 'active',
        "name_en" text NOT NULL,
        "name_ar" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        CONSTRAINT "property_types_pkey" PRIMARY KEY ("site", "slug"),
        CONSTRAINT "property_types_status_check" CHECK ("status" IN ('active', 'inactive'))
      )`);
    await queryRunner.query(`
      CREATE TABLE "static_content" (
        "site" text NOT NULL,
        "slug" text NOT NULL,
        "public_slug" text NOT NULL,
        "public_slug_ar" text NOT NULL,
        "position" integer NOT NULL DEFAULT 0,
        CONSTRAINT "static_content_pkey" PRIMARY KEY ("site", "slug")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "static_content"`);
    await queryRunner.query(`DROP TABLE "property_types"`);
    await queryRunner.query(`DROP TABLE "site_settings"`);
  }
}
