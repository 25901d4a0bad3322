import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildSearchAggregates } from '../engines/postgres-aggregates.js';

/** Each level's column in the list's default order (also rebuilt by the benchmark's bulk loader). */
export const PLACE_NEWEST_INDEXES: Record<string, string> = Object.fromEntries(
  ['city_id', 'community_id', 'sub_community_id', 'building_id'].map((column) => [
    `listing_read_${column.replace(/_id$/, '')}_newest_idx`,
    `("${column}", "approved_at", "id") WHERE "${column}" IS NOT NULL`,
  ]),
);

/**
 * Pre-aggregated counts of the Postgres search engine (issue 12's benchmark targets at 1M
 * listings), maintained from listing events in the transaction of each upsert or removal:
 *
 * - `facet_count`: live listings per (site, place of any level or '' for the whole site, the
 *   place's child on the level below, purpose, commercial, property type, kind, bedrooms,
 *   bathrooms, furnishing, agreement, market status). The search page's facets and total for
 *   filters on these dimensions sum these rows instead of scanning the listings. NULLs are
 *   values of their own (`NULLS NOT DISTINCT`), as they are in the listing's columns.
 * - `map_tile`: live listings, and the sums of their coordinates (for the centre), per
 *   (site, geohash precision 1–8, grid cell, purpose, commercial, property type): the map's
 *   clusters of a zoomed-out viewport sum cells instead of scanning listings.
 *
 * Rows whose count falls to 0 are deleted (a partial index finds them). Existing listings are
 * counted here. Also one index per level of the hierarchy in the list's default order (newest
 * first), so a page of one place walks it instead of sorting all the place's listings.
 */
export class SearchAggregates1765240000000 implements MigrationInterface {
  name = 'SearchAggregates1765240000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "facet_count" (
        "site" text NOT NULL,
        "location_id" text NOT NULL,
        "child_id" text,
        "purpose" text NOT NULL,
        "commercial" boolean NOT NULL,
        "property_type" text NOT NULL,
        "kind" text NOT NULL,
        "bedrooms" integer NOT NULL,
        "bathrooms" integer NOT NULL,
        "furnishing" text,
        "agreement_type" text NOT NULL,
        "market_status" text,
        "n" integer NOT NULL
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "facet_count_key_idx" ON "facet_count" ("site", "location_id", "purpose", "commercial",
        "property_type", "kind", "bedrooms", "bathrooms", "furnishing", "agreement_type", "market_status", "child_id")
      NULLS NOT DISTINCT`);
    await queryRunner.query(`CREATE INDEX "facet_count_empty_idx" ON "facet_count" ("site") WHERE "n" <= 0`);
    await queryRunner.query(`
      CREATE TABLE "map_tile" (
        "site" text NOT NULL,
        "precision" smallint NOT NULL,
        "gx" integer NOT NULL,
        "gy" integer NOT NULL,
        "purpose" text NOT NULL,
        "commercial" boolean NOT NULL,
        "property_type" text NOT NULL,
        "n" integer NOT NULL,
        "sum_lat" double precision NOT NULL,
        "sum_lng" double precision NOT NULL,
        CONSTRAINT "map_tile_pkey" PRIMARY KEY ("site", "precision", "gx", "gy", "purpose", "commercial", "property_type")
      )`);
    await queryRunner.query(`CREATE INDEX "map_tile_empty_idx" ON "map_tile" ("site") WHERE "n" <= 0`);
    for (const [name, definition] of Object.entries(PLACE_NEWEST_INDEXES))
      await queryRunner.query(`CREATE INDEX "${name}" ON "listing_read" ${definition}`);
    await rebuildSearchAggregates((sql) => queryRunner.query(sql));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(PLACE_NEWEST_INDEXES)) await queryRunner.query(`DROP INDEX "${name}"`);
    await queryRunner.query(`DROP TABLE "map_tile"`);
    await queryRunner.query(`DROP TABLE "facet_count"`);
  }
}
