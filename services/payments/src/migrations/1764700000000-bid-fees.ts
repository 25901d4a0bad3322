import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bidding fees are payments too (purpose `bid_fee`): one per pending bid, paid through the
 * same Checkout, webhook and reconciliation as a plan. Such a payment has no plan; it names
 * the bid and its auction (auctions' ids, no foreign key) and is unique per bid, so reading
 * `bid.placed` twice opens one payment.
 */
export class BidFees1764700000000 implements MigrationInterface {
  name = 'BidFees1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check"`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('subscription', 'upgrade', 'bid_fee'))`,
    );
    await queryRunner.query(`ALTER TABLE "payments" ALTER COLUMN "plan_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "payments" ADD COLUMN "bid_id" uuid, ADD COLUMN "auction_id" uuid`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_subject_check" CHECK (
         ("purpose" = 'bid_fee' AND "bid_id" IS NOT NULL AND "auction_id" IS NOT NULL AND "plan_id" IS NULL)
         OR ("purpose" <> 'bid_fee' AND "plan_id" IS NOT NULL AND "bid_id" IS NULL))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "payments_bid_key" ON "payments" ("bid_id") WHERE "bid_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "payments" WHERE "purpose" = 'bid_fee'`);
    await queryRunner.query(`DROP INDEX "payments_bid_key"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_subject_check"`);
    await queryRunner.query(`ALTER TABLE "payments" DROP COLUMN "bid_id", DROP COLUMN "auction_id"`);
    await queryRunner.query(`ALTER TABLE "payments" ALTER COLUMN "plan_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check"`);
    await queryRunner.query(
      `ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('subscription', 'upgrade'))`,
    );
  }
}
