import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Auctions of properties (the property itself lives in listings; only its id is kept here). */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auctions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "auctions_site_check" CHECK ("site" IN ('ae', 'sa')),
        "property_id" uuid NOT NULL,
        "status" text NOT NULL DEFAULT 'upcoming' CONSTRAINT "auctions_status_check" CHECK ("status" IN ('upcoming', 'live', 'closed')),
        "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "starting_price" numeric(14, 2) NOT NULL CONSTRAINT "auctions_starting_price_check" CHECK ("starting_price" >= 0),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "auctions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "auctions_period_check" CHECK ("ends_at" > "starts_at")
      )`);
    await queryRunner.query(
      `CREATE INDEX "auctions_site_status_idx" ON "auctions" ("site", "status", "ends_at")`,
    );
    await queryRunner.query(`CREATE INDEX "auctions_property_idx" ON "auctions" ("property_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auctions"`);
  }
}
