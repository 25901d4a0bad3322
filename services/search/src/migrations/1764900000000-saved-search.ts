import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved searches (issue 14 item 8): a customer's search of a listing page, its alerts' pending
 * matches (a daily search's digest collects them) and the last price this service saw of each
 * listing, so a re-approval at a lower price reads as a price drop and any other as nothing new.
 */
export class SavedSearch1764900000000 implements MigrationInterface {
  name = 'SavedSearch1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "saved_search" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "customer_id" uuid NOT NULL,
        "site" text NOT NULL,
        "name" text NOT NULL,
        "link" text NOT NULL,
        "filters" jsonb NOT NULL,
        "frequency" text NOT NULL CHECK ("frequency" IN ('instant', 'daily')),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "last_digest_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "saved_search_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "saved_search_customer" ON "saved_search" ("site", "customer_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "saved_search_match" (
        "saved_search_id" uuid NOT NULL REFERENCES "saved_search" ("id") ON DELETE CASCADE,
        "event_id" uuid NOT NULL,
        "match" jsonb NOT NULL,
        "matched_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "digested_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "saved_search_match_pkey" PRIMARY KEY ("saved_search_id", "event_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "saved_search_match_pending" ON "saved_search_match" ("saved_search_id") WHERE "digested_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "saved_search_listing_price" (
        "listing_id" uuid NOT NULL,
        "site" text NOT NULL,
        "price" double precision NOT NULL,
        "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "saved_search_listing_price_pkey" PRIMARY KEY ("listing_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "saved_search_listing_price"`);
    await queryRunner.query(`DROP TABLE "saved_search_match"`);
    await queryRunner.query(`DROP TABLE "saved_search"`);
  }
}
