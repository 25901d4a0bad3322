import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DETAIL_LISTING_INDEXES, rebuildPriceTrend } from '../engines/postgres-detail.js';

/**
 * The detail page of the Postgres engine by indexes instead of scans of the area's listings
 * (src/engines/postgres-detail.ts):
 *
 * - `listing_read_sphere_idx`: GiST (btree_gist for the site) on the listing's point on the unit
 *   sphere (`cube`): nearest-first walks for the nearby listings;
 * - `listing_read_similar_community_idx`, `listing_read_similar_city_idx`: B-trees over (site,
 *   purpose, kind, place, display price, id) for the similar listings' closest prices;
 * - `price_trend`: the price history's count and price sum per (site, place, purpose, month),
 *   moved by the upsert, counted here from the history;
 * - `price_history_median_idx` (site, place, purpose, month, price per area) in place of
 *   `price_history_area_idx`: the month's median at its rank.
 */
export class DetailIndexes1765450000000 implements MigrationInterface {
  name = 'DetailIndexes1765450000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS cube`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gist`);
    for (const [name, definition] of Object.entries(DETAIL_LISTING_INDEXES))
      await queryRunner.query(`CREATE INDEX "${name}" ON "listing_read" ${definition}`);
    await queryRunner.query(`
      CREATE TABLE "price_trend" (
        "site" text NOT NULL,
        "location_id" text NOT NULL,
        "purpose" text NOT NULL,
        "month" text NOT NULL,
        "n" integer NOT NULL,
        "sum_price" numeric NOT NULL,
        CONSTRAINT "price_trend_pkey" PRIMARY KEY ("site", "location_id", "purpose", "month")
      )`);
    await queryRunner.query(
      `CREATE INDEX "price_history_median_idx" ON "price_history" ("site", "location_id", "purpose", "month", "price_per_area")`,
    );
    await queryRunner.query(`DROP INDEX "price_history_area_idx"`);
    await rebuildPriceTrend((sql) => queryRunner.query(sql));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "price_history_area_idx" ON "price_history" ("site", "location_id", "purpose", "month")`,
    );
    await queryRunner.query(`DROP INDEX "price_history_median_idx"`);
    await queryRunner.query(`DROP TABLE "price_trend"`);
    for (const name of Object.keys(DETAIL_LISTING_INDEXES)) await queryRunner.query(`DROP INDEX "${name}"`);
  }
}
