import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The leading bidder on the auction row, beside `leading_bid_id` (bids benchmark, issue 13).
 * A bid needs the previous leader (for `bid.outbid`) while it holds the auction's row lock;
 * read with a join in the locking statement it would come from that statement's snapshot,
 * taken before the lock was granted, so it would miss the bid that committed while this one
 * waited. On the locked row it is always the latest. It also lets the auction page say
 * `leading` without reading the bid.
 */
export class LeadingBidder1764950000000 implements MigrationInterface {
  name = 'LeadingBidder1764950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auctions" ADD "leading_bidder_id" uuid`);
    await queryRunner.query(`
      UPDATE "auctions" a SET "leading_bidder_id" = b."bidder_id"
        FROM "bids" b WHERE b."id" = a."leading_bid_id"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auctions" DROP COLUMN "leading_bidder_id"`);
  }
}
