import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer engagement (issue 14): enquiries to a listing's agent, requirements (request or list
 * a property) and the presentations (proposals) an agent shares by link.
 */
export class Engagement1764610000000 implements MigrationInterface {
  name = 'Engagement1764610000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "enquiries" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "property_id" uuid NOT NULL,
        "agent_id" uuid,
        "company_id" uuid,
        "customer_id" uuid NOT NULL,
        "type" text NOT NULL,
        "name" text NOT NULL,
        "email" text NOT NULL,
        "phone" text NOT NULL,
        "message" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "responded_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "enquiries_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "enquiries_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "enquiries_agent_idx" ON "enquiries" ("site", "agent_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "enquiries_company_idx" ON "enquiries" ("site", "company_id", "created_at" DESC, "id")`,
    );
    await queryRunner.query(`
      CREATE TABLE "requirements" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "customer_id" uuid NOT NULL,
        "name" text NOT NULL,
        "city_id" text NOT NULL,
        "city_en" text NOT NULL,
        "city_ar" text NOT NULL,
        "sub_location" text,
        "budget_min" numeric(14,2) NOT NULL,
        "budget_max" numeric(14,2) NOT NULL,
        "area_min" numeric(12,2),
        "area_max" numeric(12,2),
        "property_kind" text NOT NULL,
        "request_type" text NOT NULL,
        "category" text NOT NULL,
        "listing_type" text NOT NULL,
        "unit_type" text,
        "finance" text,
        "status" text NOT NULL DEFAULT 'open',
        "agreement_status" text,
        "owner_name" text,
        "email" text NOT NULL,
        "phone" text NOT NULL,
        "description" text,
        "user_type" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "requirements_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "requirements_budget_check" CHECK ("budget_min" < "budget_max")
      )`);
    await queryRunner.query(
      `CREATE INDEX "requirements_match_idx" ON "requirements" ("site", "city_id", "listing_type", "property_kind", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "requirements_customer_idx" ON "requirements" ("customer_id", "created_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "presentations" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "agent_id" uuid NOT NULL,
        "agent_name" text NOT NULL,
        "message" text,
        "property_ids" uuid[] NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "presentations_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "presentations_agent_idx" ON "presentations" ("site", "agent_id", "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "presentations"`);
    await queryRunner.query(`DROP TABLE "requirements"`);
    await queryRunner.query(`DROP TABLE "enquiries"`);
  }
}
