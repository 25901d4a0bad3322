import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer engagement (issue 14): the wishlist (properties now; projects and units share the
 * table through `item_kind`, so no foreign key to `properties`) and appointments with agents.
 * An agent's slot holds one live (pending or accepted) appointment: a partial unique index on
 * (agent, start) refuses the second booking even when two arrive at once; slots are whole
 * half-hours (the CHECK), so equal starts are the only way two live slots can overlap.
 */
export class WishlistAppointments1764600000000 implements MigrationInterface {
  name = 'WishlistAppointments1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "wishlist_items" (
        "account_id" uuid NOT NULL,
        "site" text NOT NULL CONSTRAINT "wishlist_items_site_check" CHECK ("site" IN ('ae', 'sa')),
        "item_kind" text NOT NULL CONSTRAINT "wishlist_items_kind_check" CHECK ("item_kind" IN ('property', 'project', 'unit')),
        "item_id" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "wishlist_items_pkey" PRIMARY KEY ("account_id", "site", "item_kind", "item_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "wishlist_items_account_idx" ON "wishlist_items" ("account_id", "site", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "appointments" (
        "id" uuid NOT NULL,
        "site" text NOT NULL CONSTRAINT "appointments_site_check" CHECK ("site" IN ('ae', 'sa')),
        "kind" text NOT NULL CONSTRAINT "appointments_kind_check" CHECK ("kind" IN ('viewing', 'meeting')),
        "status" text NOT NULL DEFAULT 'pending' CONSTRAINT "appointments_status_check" CHECK ("status" IN ('pending', 'accepted', 'rejected')),
        "property_id" uuid,
        "agent_id" uuid NOT NULL,
        "company_id" uuid,
        "customer_id" uuid NOT NULL,
        "customer_name" text NOT NULL,
        "customer_phone" text NOT NULL,
        "customer_email" text NOT NULL,
        "note" text NOT NULL DEFAULT '',
        "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "time_zone" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "decided_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "appointments_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "appointments_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE SET NULL,
        CONSTRAINT "appointments_half_hour_check" CHECK (extract(epoch FROM "starts_at")::bigint % 1800 = 0)
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "appointments_agent_slot_live" ON "appointments" ("agent_id", "starts_at") WHERE "status" IN ('pending', 'accepted')`,
    );
    await queryRunner.query(
      `CREATE INDEX "appointments_customer_idx" ON "appointments" ("customer_id", "site", "starts_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "appointments_company_idx" ON "appointments" ("company_id", "site", "starts_at" DESC) WHERE "company_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "appointments"`);
    await queryRunner.query(`DROP TABLE "wishlist_items"`);
  }
}
