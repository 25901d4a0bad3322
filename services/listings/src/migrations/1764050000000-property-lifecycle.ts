import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Columns of the first slice that only a public version needs: a draft may lack them. */
const SUMMARY_COLUMNS = [
  'title_en',
  'title_ar',
  'property_type',
  'kind',
  'price',
  'currency',
  'bedrooms',
  'bathrooms',
  'area',
  'area_unit',
  'city_en',
  'city_ar',
  'community_en',
  'community_ar',
  'latitude',
  'longitude',
  'cover_photo',
  'agreement_type',
  'agent_name',
];

/**
 * The whole property lifecycle (issue 11): the location hierarchy as master data, drafts with
 * every field of spec §3, ownership, market state, documents, the audit trail, and what
 * listings learns from identity and payments (accounts, entitlements). Rows of the first
 * slice keep working: their columns stay, an empty draft means "a row from before drafts".
 */
export class PropertyLifecycle1764050000000 implements MigrationInterface {
  name = 'PropertyLifecycle1764050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "locations" (
        "id" text NOT NULL,
        "site" text NOT NULL,
        "level" text NOT NULL,
        "parent_id" text,
        "name_en" text NOT NULL,
        "name_ar" text NOT NULL,
        "latitude" double precision,
        "longitude" double precision,
        CONSTRAINT "locations_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "locations_parent_fkey" FOREIGN KEY ("parent_id") REFERENCES "locations" ("id"),
        CONSTRAINT "locations_site_check" CHECK ("site" IN ('ae', 'sa')),
        CONSTRAINT "locations_level_check" CHECK ("level" IN ('city', 'community', 'subCommunity', 'building'))
      )`);
    await queryRunner.query(`CREATE INDEX "locations_site_parent_idx" ON "locations" ("site", "parent_id")`);

    for (const column of SUMMARY_COLUMNS)
      await queryRunner.query(`ALTER TABLE "properties" ALTER COLUMN "${column}" DROP NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "properties"
        ADD COLUMN "draft" jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN "published" jsonb,
        ADD COLUMN "agent_id" uuid,
        ADD COLUMN "company_id" uuid,
        ADD COLUMN "created_by" uuid,
        ADD COLUMN "state" text NOT NULL DEFAULT 'active',
        ADD COLUMN "submitted_at" TIMESTAMP WITH TIME ZONE,
        ADD COLUMN "sold_at" TIMESTAMP WITH TIME ZONE,
        ADD CONSTRAINT "properties_state_check" CHECK ("state" IN ('active', 'inactive', 'sold'))`);
    await queryRunner.query(`CREATE INDEX "properties_site_agent_idx" ON "properties" ("site", "agent_id")`);
    await queryRunner.query(
      `CREATE INDEX "properties_site_company_idx" ON "properties" ("site", "company_id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "properties_queue_idx" ON "properties" ("site", "approval_status", "submitted_at")`,
    );

    await queryRunner.query(`
      CREATE TABLE "property_documents" (
        "id" uuid NOT NULL,
        "property_id" uuid NOT NULL,
        "site" text NOT NULL,
        "title" text NOT NULL,
        "file_name" text NOT NULL,
        "content_type" text NOT NULL,
        "size_bytes" integer NOT NULL,
        "created_by" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "property_documents_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "property_documents_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE CASCADE,
        CONSTRAINT "property_documents_type_check" CHECK ("content_type" IN ('application/pdf', 'image/jpeg')),
        CONSTRAINT "property_documents_size_check" CHECK ("size_bytes" > 0 AND "size_bytes" < 2097152)
      )`);
    await queryRunner.query(
      `CREATE INDEX "property_documents_property_idx" ON "property_documents" ("property_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "property_audit" (
        "id" bigserial NOT NULL,
        "property_id" uuid NOT NULL,
        "site" text NOT NULL,
        "actor_id" uuid,
        "actor_role" text NOT NULL,
        "action" text NOT NULL,
        "detail" jsonb NOT NULL DEFAULT '{}',
        "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "property_audit_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "property_audit_property_idx" ON "property_audit" ("property_id", "id")`,
    );

    // What identity says about accounts (identity.account.* events): role, company, Nafath.
    await queryRunner.query(`
      CREATE TABLE "listing_accounts" (
        "account_id" uuid NOT NULL,
        "site" text NOT NULL,
        "role" text NOT NULL,
        "company_id" uuid,
        "nafath_verified_at" TIMESTAMP WITH TIME ZONE,
        "deleted_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "listing_accounts_pkey" PRIMARY KEY ("account_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "listing_accounts_company_idx" ON "listing_accounts" ("site", "company_id")`,
    );
    // What payments says (payments.subscription.activated): how many listings a plan allows.
    await queryRunner.query(`
      CREATE TABLE "listing_entitlements" (
        "subscription_id" uuid NOT NULL,
        "site" text NOT NULL,
        "account_id" uuid NOT NULL,
        "plan" text NOT NULL,
        "property_quota" integer NOT NULL,
        "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "listing_entitlements_pkey" PRIMARY KEY ("subscription_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "listing_entitlements_account_idx" ON "listing_entitlements" ("site", "account_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "listing_entitlements"`);
    await queryRunner.query(`DROP TABLE "listing_accounts"`);
    await queryRunner.query(`DROP TABLE "property_audit"`);
    await queryRunner.query(`DROP TABLE "property_documents"`);
    await queryRunner.query(`DROP INDEX "properties_queue_idx"`);
    await queryRunner.query(`DROP INDEX "properties_site_company_idx"`);
    await queryRunner.query(`DROP INDEX "properties_site_agent_idx"`);
    await queryRunner.query(`
      ALTER TABLE "properties"
        DROP CONSTRAINT "properties_state_check",
        DROP COLUMN "sold_at", DROP COLUMN "submitted_at", DROP COLUMN "state", DROP COLUMN "created_by",
        DROP COLUMN "company_id", DROP COLUMN "agent_id", DROP COLUMN "published", DROP COLUMN "draft"`);
    // Rows without a public version cannot go back to the first slice's table.
    await queryRunner.query(`DELETE FROM "properties" WHERE "title_en" IS NULL OR "price" IS NULL`);
    for (const column of SUMMARY_COLUMNS)
      await queryRunner.query(`ALTER TABLE "properties" ALTER COLUMN "${column}" SET NOT NULL`);
    await queryRunner.query(`DROP TABLE "locations"`);
  }
}
