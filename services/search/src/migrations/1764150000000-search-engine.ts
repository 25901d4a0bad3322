import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The search engine of issue 12 on Postgres: every filter of the search API as a column of
 * `listing_read`, the event's payload (`payload`, what the cards and the detail are built
 * from), text normalised by `normalizeSearchText` in English and Arabic under one weighted
 * tsvector, a GiST index on the location point, the places of the hierarchy the events name
 * (`search_location`, trigram-indexed for autocomplete, with live counts and centres), the
 * prices per area and month (`price_history`, for the area's trend) and tombstones of removed
 * listings (`listing_gone`) so a late replay of an older approval cannot bring one back.
 * Rows from before are backfilled from their columns (a v1 summary).
 */
export class SearchEngine1764150000000 implements MigrationInterface {
  name = 'SearchEngine1764150000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`ALTER TABLE "listing_read" DROP COLUMN "search_vector"`);
    await queryRunner.query(`
      ALTER TABLE "listing_read"
        ADD COLUMN "purpose" text NOT NULL DEFAULT 'buy',
        ADD COLUMN "commercial" boolean NOT NULL DEFAULT false,
        ADD COLUMN "display_price" numeric(14, 2) NOT NULL DEFAULT 0,
        ADD COLUMN "price_period" text NOT NULL DEFAULT 'total',
        ADD COLUMN "furnishing" text,
        ADD COLUMN "market_status" text,
        ADD COLUMN "amenities" text[] NOT NULL DEFAULT '{}',
        ADD COLUMN "location_ids" text[] NOT NULL DEFAULT '{}',
        ADD COLUMN "city_id" text,
        ADD COLUMN "community_id" text,
        ADD COLUMN "sub_community_id" text,
        ADD COLUMN "building_id" text,
        ADD COLUMN "text_en" text NOT NULL DEFAULT '',
        ADD COLUMN "text_ar" text NOT NULL DEFAULT '',
        ADD COLUMN "body_en" text NOT NULL DEFAULT '',
        ADD COLUMN "body_ar" text NOT NULL DEFAULT '',
        ADD COLUMN "payload" jsonb`);
    await queryRunner.query(`
      UPDATE "listing_read" SET
        "purpose" = CASE WHEN "property_type" LIKE '%rent' THEN 'rent' ELSE 'buy' END,
        "commercial" = "property_type" LIKE 'commercial%',
        "display_price" = "price",
        "price_period" = CASE WHEN "property_type" LIKE '%rent' THEN 'yearly' ELSE 'total' END,
        "text_en" = lower("title_en" || ' ' || "city_en" || ' ' || "community_en"),
        "text_ar" = "title_ar" || ' ' || "city_ar" || ' ' || "community_ar",
        "payload" = jsonb_build_object(
          'id', "id", 'site', "site", 'slug', "slug",
          'title', jsonb_build_object('en', "title_en", 'ar', "title_ar"),
          'propertyType', "property_type", 'kind', "kind", 'price', "price", 'currency', "currency",
          'bedrooms', "bedrooms", 'bathrooms', "bathrooms", 'area', "area", 'areaUnit', "area_unit",
          'city', jsonb_build_object('en', "city_en", 'ar', "city_ar"),
          'community', jsonb_build_object('en', "community_en", 'ar', "community_ar"),
          'latitude', "latitude", 'longitude', "longitude", 'coverPhoto', "cover_photo",
          'agreementType', "agreement_type", 'agentName', "agent_name",
          'approvedAt', to_char("approved_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);
    await queryRunner.query(`ALTER TABLE "listing_read" ALTER COLUMN "payload" SET NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "listing_read" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', "text_en"), 'A') ||
        setweight(to_tsvector('arabic', "text_ar"), 'A') ||
        setweight(to_tsvector('english', "body_en"), 'C') ||
        setweight(to_tsvector('arabic', "body_ar"), 'C')
      ) STORED`);
    await queryRunner.query(
      `CREATE INDEX "listing_read_search_vector_idx" ON "listing_read" USING GIN ("search_vector")`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_point_idx" ON "listing_read" USING GIST (point("longitude", "latitude"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_location_ids_idx" ON "listing_read" USING GIN ("location_ids")`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_site_price_idx" ON "listing_read" ("site", "display_price", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "listing_read_site_area_idx" ON "listing_read" ("site", "area", "id")`,
    );
    await queryRunner.query(`CREATE INDEX "listing_read_site_slug_idx" ON "listing_read" ("site", "slug")`);
    await queryRunner.query(`
      CREATE TABLE "search_location" (
        "id" text NOT NULL,
        "site" text NOT NULL,
        "level" text NOT NULL,
        "parent_id" text,
        "name_en" text NOT NULL,
        "name_ar" text NOT NULL,
        "path_en" text NOT NULL,
        "path_ar" text NOT NULL,
        "norm" text NOT NULL,
        "listing_count" integer NOT NULL DEFAULT 0,
        "sum_lat" double precision NOT NULL DEFAULT 0,
        "sum_lng" double precision NOT NULL DEFAULT 0,
        CONSTRAINT "search_location_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "search_location_norm_trgm_idx" ON "search_location" USING GIN ("norm" gin_trgm_ops)`,
    );
    await queryRunner.query(`
      CREATE TABLE "price_history" (
        "listing_id" uuid NOT NULL,
        "month" text NOT NULL,
        "location_id" text NOT NULL,
        "site" text NOT NULL,
        "purpose" text NOT NULL,
        "price" numeric(14, 2) NOT NULL,
        "price_per_area" numeric(14, 4) NOT NULL,
        CONSTRAINT "price_history_pkey" PRIMARY KEY ("listing_id", "month", "location_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "price_history_area_idx" ON "price_history" ("site", "location_id", "purpose", "month")`,
    );
    await queryRunner.query(`
      CREATE TABLE "listing_gone" (
        "id" uuid NOT NULL,
        "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "listing_gone_pkey" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "listing_gone"`);
    await queryRunner.query(`DROP TABLE "price_history"`);
    await queryRunner.query(`DROP TABLE "search_location"`);
    await queryRunner.query(`DROP INDEX "listing_read_site_slug_idx"`);
    await queryRunner.query(`DROP INDEX "listing_read_site_area_idx"`);
    await queryRunner.query(`DROP INDEX "listing_read_site_price_idx"`);
    await queryRunner.query(`DROP INDEX "listing_read_location_ids_idx"`);
    await queryRunner.query(`DROP INDEX "listing_read_point_idx"`);
    await queryRunner.query(`ALTER TABLE "listing_read" DROP COLUMN "search_vector"`);
    await queryRunner.query(`
      ALTER TABLE "listing_read"
        DROP COLUMN "purpose", DROP COLUMN "commercial", DROP COLUMN "display_price",
        DROP COLUMN "price_period", DROP COLUMN "furnishing", DROP COLUMN "market_status",
        DROP COLUMN "amenities", DROP COLUMN "location_ids", DROP COLUMN "city_id",
        DROP COLUMN "community_id", DROP COLUMN "sub_community_id", DROP COLUMN "building_id",
        DROP COLUMN "text_en", DROP COLUMN "text_ar", DROP COLUMN "body_en", DROP COLUMN "body_ar",
        DROP COLUMN "payload"`);
    await queryRunner.query(`
      ALTER TABLE "listing_read" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', "title_en"), 'A') ||
        setweight(to_tsvector('arabic', "title_ar"), 'A') ||
        setweight(to_tsvector('english', "city_en" || ' ' || "community_en"), 'B') ||
        setweight(to_tsvector('arabic', "city_ar" || ' ' || "community_ar"), 'B')
      ) STORED`);
    await queryRunner.query(
      `CREATE INDEX "listing_read_search_vector_idx" ON "listing_read" USING GIN ("search_vector")`,
    );
  }
}
