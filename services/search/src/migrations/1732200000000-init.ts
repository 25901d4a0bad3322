import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of published listings: the summary carried by `listing.approved`, and a
 * tsvector over the English and Arabic text (each with its own dictionary).
 */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "listing_read" (
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
        "approved_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "search_vector" tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', "title_en"), 'A') ||
          setweight(to_tsvector('arabic', "title_ar"), 'A') ||
          setweight(to_tsvector('english', "city_en" || ' ' || "community_en"), 'B') ||
          setweight(to_tsvector('arabic', "city_ar" || ' ' || "community_ar"), 'B')
        ) STORED,
        CONSTRAINT "listing_read_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "listing_read_site_check" CHECK ("site" IN ('ae', 'sa'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "listing_read_site_newest_idx" ON "listing_read" ("site", "approved_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_site_type_newest_idx" ON "listing_read" ("site", "property_type", "approved_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_search_vector_idx" ON "listing_read" USING GIN ("search_vector")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "listing_read"`);
  }
}
