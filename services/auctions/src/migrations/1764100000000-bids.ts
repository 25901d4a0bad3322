import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bids, the live price kept on the auction row (read and moved under its row lock), the
 * settlement of the closing job, and the read model of listings' property cards.
 *
 * `status` goes: an auction's status is derived from the clock (upcoming before starts_at,
 * live until ends_at, closed after), so no job has to move it and no reader sees it stale.
 */
export class Bids1764100000000 implements MigrationInterface {
  name = 'Bids1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auctions" DROP COLUMN "status"`);
    await queryRunner.query(`
      ALTER TABLE "auctions"
        ADD "min_increment" numeric(14, 2) NOT NULL DEFAULT 1000 CONSTRAINT "auctions_min_increment_check" CHECK ("min_increment" > 0),
        ADD "bidding_fee" numeric(14, 2) NOT NULL DEFAULT 0 CONSTRAINT "auctions_bidding_fee_check" CHECK ("bidding_fee" >= 0),
        ADD "current_price" numeric(14, 2),
        ADD "leading_bid_id" uuid,
        ADD "bid_count" integer NOT NULL DEFAULT 0,
        ADD "closed_at" TIMESTAMP WITH TIME ZONE,
        ADD "winning_bid_id" uuid`);
    await queryRunner.query(`CREATE INDEX "auctions_site_starts_idx" ON "auctions" ("site", "starts_at")`);
    await queryRunner.query(`CREATE INDEX "auctions_site_ends_idx" ON "auctions" ("site", "ends_at")`);
    await queryRunner.query(
      `CREATE INDEX "auctions_unsettled_idx" ON "auctions" ("ends_at") WHERE "closed_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "bids" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "auction_id" uuid NOT NULL,
        "site" text NOT NULL CONSTRAINT "bids_site_check" CHECK ("site" IN ('ae', 'sa')),
        "bidder_id" uuid NOT NULL,
        "amount" numeric(14, 2) NOT NULL CONSTRAINT "bids_amount_check" CHECK ("amount" > 0),
        "bidding_fee" numeric(14, 2) NOT NULL DEFAULT 0,
        "status" text NOT NULL CONSTRAINT "bids_status_check" CHECK ("status" IN ('pending', 'accepted', 'rejected', 'withdrawn')),
        "payment_status" text CONSTRAINT "bids_payment_status_check" CHECK ("payment_status" IN ('pending', 'failed', 'success')),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "bids_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "bids_auction_fkey" FOREIGN KEY ("auction_id") REFERENCES "auctions" ("id") ON DELETE CASCADE
      )`);
    // The last guard of "no two bids accepted at the same amount", behind the row lock.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "bids_accepted_amount_key" ON "bids" ("auction_id", "amount") WHERE "status" = 'accepted'`,
    );
    await queryRunner.query(`CREATE INDEX "bids_auction_idx" ON "bids" ("auction_id", "amount" DESC)`);
    await queryRunner.query(
      `CREATE INDEX "bids_bidder_idx" ON "bids" ("bidder_id", "site", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "auction_properties" (
        "property_id" uuid NOT NULL,
        "site" text NOT NULL CONSTRAINT "auction_properties_site_check" CHECK ("site" IN ('ae', 'sa')),
        "summary" jsonb NOT NULL,
        "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "auction_properties_pkey" PRIMARY KEY ("property_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auction_properties"`);
    await queryRunner.query(`DROP TABLE "bids"`);
    await queryRunner.query(`DROP INDEX "auctions_unsettled_idx"`);
    await queryRunner.query(`DROP INDEX "auctions_site_ends_idx"`);
    await queryRunner.query(`DROP INDEX "auctions_site_starts_idx"`);
    await queryRunner.query(`
      ALTER TABLE "auctions"
        DROP COLUMN "winning_bid_id", DROP COLUMN "closed_at", DROP COLUMN "bid_count",
        DROP COLUMN "leading_bid_id", DROP COLUMN "current_price", DROP COLUMN "bidding_fee",
        DROP COLUMN "min_increment"`);
    await queryRunner.query(`
      ALTER TABLE "auctions" ADD "status" text NOT NULL DEFAULT 'upcoming'
        CONSTRAINT "auctions_status_check" CHECK ("status" IN ('upcoming', 'live', 'closed'))`);
    await queryRunner.query(
      `CREATE INDEX "auctions_site_status_idx" ON "auctions" ("site", "status", "ends_at")`,
    );
  }
}
