import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Subscription plans per site: a tier (Basic, Standard, Gold) for a duration, with quotas. */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "plans" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "plans_site_check" CHECK ("site" IN ('ae', 'sa')),
        "name" text NOT NULL,
        "name_ar" text NOT NULL,
        "tier" text NOT NULL CONSTRAINT "plans_tier_check" CHECK ("tier" IN ('basic', 'standard', 'gold')),
        "duration_months" integer NOT NULL CONSTRAINT "plans_duration_months_check" CHECK ("duration_months" > 0),
        "fees" numeric(12, 2) NOT NULL CONSTRAINT "plans_fees_check" CHECK ("fees" >= 0),
        "currency" text NOT NULL CONSTRAINT "plans_currency_check" CHECK ("currency" IN ('AED', 'SAR')),
        "property_quota" integer NOT NULL CONSTRAINT "plans_property_quota_check" CHECK ("property_quota" >= 0),
        "agent_quota" integer NOT NULL CONSTRAINT "plans_agent_quota_check" CHECK ("agent_quota" >= 0),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "plans_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "plans_site_tier_duration_key" UNIQUE ("site", "tier", "duration_months")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "plans"`);
  }
}
