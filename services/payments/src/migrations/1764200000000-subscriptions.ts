import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions, the payments that buy them (one Stripe Checkout session each) and the
 * provider's webhook events already handled (by Stripe's event id: each is handled once).
 */
export class Subscriptions1764200000000 implements MigrationInterface {
  name = 'Subscriptions1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "payments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "payments_site_check" CHECK ("site" IN ('ae', 'sa')),
        "account_id" uuid NOT NULL,
        "purpose" text NOT NULL CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('subscription', 'upgrade')),
        "plan_id" uuid NOT NULL CONSTRAINT "payments_plan_fkey" REFERENCES "plans" ("id"),
        "upgrades_subscription_id" uuid,
        "amount" numeric(12, 2) NOT NULL CONSTRAINT "payments_amount_check" CHECK ("amount" >= 0),
        "currency" text NOT NULL CONSTRAINT "payments_currency_check" CHECK ("currency" IN ('AED', 'SAR')),
        "status" text NOT NULL DEFAULT 'pending' CONSTRAINT "payments_status_check" CHECK ("status" IN ('pending', 'canceled', 'paid')),
        "provider_session_id" text,
        "checkout_url" text,
        "subscription_id" uuid,
        "paid_at" TIMESTAMP WITH TIME ZONE,
        "settled_by" text CONSTRAINT "payments_settled_by_check" CHECK ("settled_by" IN ('webhook', 'reconciliation')),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "payments_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "payments_provider_session_key" UNIQUE ("provider_session_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "payments_account_idx" ON "payments" ("site", "account_id", "created_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "payments_pending_idx" ON "payments" ("created_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(`
      CREATE TABLE "subscriptions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "subscriptions_site_check" CHECK ("site" IN ('ae', 'sa')),
        "account_id" uuid NOT NULL,
        "plan_id" uuid NOT NULL CONSTRAINT "subscriptions_plan_fkey" REFERENCES "plans" ("id"),
        "payment_id" uuid NOT NULL CONSTRAINT "subscriptions_payment_fkey" REFERENCES "payments" ("id"),
        "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ended_reason" text CONSTRAINT "subscriptions_ended_reason_check" CHECK ("ended_reason" IN ('ended', 'upgraded')),
        "ended_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "subscriptions_payment_key" UNIQUE ("payment_id"),
        CONSTRAINT "subscriptions_period_check" CHECK ("ends_at" > "starts_at")
      )`);
    await queryRunner.query(
      `CREATE INDEX "subscriptions_account_idx" ON "subscriptions" ("site", "account_id", "ends_at" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "subscriptions_to_expire_idx" ON "subscriptions" ("ends_at") WHERE "ended_at" IS NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "provider_events" (
        "id" text NOT NULL,
        "type" text NOT NULL,
        "received_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "provider_events_pkey" PRIMARY KEY ("id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "provider_events"`);
    await queryRunner.query(`DROP TABLE "subscriptions"`);
    await queryRunner.query(`DROP TABLE "payments"`);
  }
}
