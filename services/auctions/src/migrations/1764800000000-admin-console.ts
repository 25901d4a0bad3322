import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin console (issue 13 item 8): an auction can be cancelled (who, when, why; a
 * cancelled auction is also settled, `closed_at`, so no bid and no closing job touches it
 * again), and the property cards remember whether the listing is still accepted (listings'
 * `listing.withdrawn` turns it off, `listing.approved` on), so only accepted properties are
 * auctioned.
 */
export class AdminConsole1764800000000 implements MigrationInterface {
  name = 'AdminConsole1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "auctions"
        ADD "canceled_at" TIMESTAMP WITH TIME ZONE,
        ADD "canceled_by" uuid,
        ADD "cancel_reason" text`);
    await queryRunner.query(
      `CREATE INDEX "auctions_property_open_idx" ON "auctions" ("property_id") WHERE "closed_at" IS NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE "auction_properties"
        ADD "accepted" boolean NOT NULL DEFAULT true,
        ADD "withdrawn_reason" text`);
    await queryRunner.query(
      `CREATE INDEX "auction_properties_site_accepted_idx" ON "auction_properties" ("site", "event_at" DESC) WHERE "accepted"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "auction_properties_site_accepted_idx"`);
    await queryRunner.query(
      `ALTER TABLE "auction_properties" DROP COLUMN "withdrawn_reason", DROP COLUMN "accepted"`,
    );
    await queryRunner.query(`DROP INDEX "auctions_property_open_idx"`);
    await queryRunner.query(
      `ALTER TABLE "auctions" DROP COLUMN "cancel_reason", DROP COLUMN "canceled_by", DROP COLUMN "canceled_at"`,
    );
  }
}
