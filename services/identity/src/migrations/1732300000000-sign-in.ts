import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Everything sign-in needs: the profile fields of each account kind, uploads, rotating
 * refresh tokens, entitlements from payments, deletion requests.
 */
export class SignIn1732300000000 implements MigrationInterface {
  name = 'SignIn1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "accounts"
        ALTER COLUMN "mobile" DROP NOT NULL,
        ALTER COLUMN "country_code" DROP NOT NULL,
        ADD COLUMN "first_name" text,
        ADD COLUMN "last_name" text,
        ADD COLUMN "language" text NOT NULL DEFAULT 'en' CONSTRAINT "accounts_language_check" CHECK ("language" IN ('en', 'ar')),
        ADD COLUMN "verified" boolean NOT NULL DEFAULT false,
        ADD COLUMN "nafath_verified_at" TIMESTAMP WITH TIME ZONE,
        ADD COLUMN "national_id" text,
        ADD COLUMN "picture_upload_id" uuid,
        ADD COLUMN "picture_url" text,
        ADD COLUMN "company_id" uuid CONSTRAINT "accounts_company_id_fkey" REFERENCES "accounts" ("id"),
        ADD COLUMN "freelancer" boolean NOT NULL DEFAULT false,
        ADD COLUMN "whatsapp" boolean NOT NULL DEFAULT false,
        ADD COLUMN "nationality" text,
        ADD COLUMN "languages" text[] NOT NULL DEFAULT '{}',
        ADD COLUMN "designation" text,
        ADD COLUMN "brn" text,
        ADD COLUMN "orn" text,
        ADD COLUMN "bio" text,
        ADD COLUMN "authorized_person" text,
        ADD COLUMN "head_office" text,
        ADD COLUMN "latitude" double precision,
        ADD COLUMN "longitude" double precision,
        ADD COLUMN "anonymised_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "accounts_company_id_idx" ON "accounts" ("company_id") WHERE "company_id" IS NOT NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "uploads" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "uploads_site_check" CHECK ("site" IN ('ae', 'sa')),
        "content_type" text NOT NULL,
        "size" integer NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "uploads_pkey" PRIMARY KEY ("id")
      )`);

    await queryRunner.query(`
      CREATE TABLE "refresh_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL CONSTRAINT "refresh_tokens_account_id_fkey" REFERENCES "accounts" ("id"),
        "site" text NOT NULL,
        "family_id" uuid NOT NULL,
        "token_hash" text NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "used_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "refresh_tokens_token_hash_key" UNIQUE ("token_hash")
      )`);
    await queryRunner.query(`CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" ("family_id")`);
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_account_id_idx" ON "refresh_tokens" ("account_id")`,
    );

    await queryRunner.query(`
      CREATE TABLE "entitlements" (
        "subscription_id" uuid NOT NULL,
        "site" text NOT NULL,
        "account_id" uuid NOT NULL,
        "plan" text NOT NULL,
        "property_quota" integer NOT NULL,
        "agent_quota" integer NOT NULL,
        "starts_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ends_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "entitlements_pkey" PRIMARY KEY ("subscription_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "entitlements_account_idx" ON "entitlements" ("site", "account_id", "ends_at")`,
    );

    await queryRunner.query(`
      CREATE TABLE "deletion_requests" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "account_id" uuid NOT NULL CONSTRAINT "deletion_requests_account_id_fkey" REFERENCES "accounts" ("id"),
        "site" text NOT NULL,
        "reason" text,
        "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "erase_after" TIMESTAMP WITH TIME ZONE NOT NULL,
        "anonymised_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "deletion_requests_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "deletion_requests_due_idx" ON "deletion_requests" ("erase_after") WHERE "anonymised_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "deletion_requests"`);
    await queryRunner.query(`DROP TABLE "entitlements"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "uploads"`);
    await queryRunner.query(`DROP INDEX "accounts_company_id_idx"`);
    await queryRunner.query(`
      ALTER TABLE "accounts"
        DROP COLUMN "first_name", DROP COLUMN "last_name", DROP COLUMN "language", DROP COLUMN "verified",
        DROP COLUMN "nafath_verified_at", DROP COLUMN "national_id", DROP COLUMN "picture_upload_id",
        DROP COLUMN "picture_url", DROP COLUMN "company_id", DROP COLUMN "freelancer", DROP COLUMN "whatsapp",
        DROP COLUMN "nationality", DROP COLUMN "languages", DROP COLUMN "designation", DROP COLUMN "brn",
        DROP COLUMN "orn", DROP COLUMN "bio", DROP COLUMN "authorized_person", DROP COLUMN "head_office",
        DROP COLUMN "latitude", DROP COLUMN "longitude", DROP COLUMN "anonymised_at"`);
    await queryRunner.query(`DELETE FROM "accounts" WHERE "mobile" IS NULL OR "country_code" IS NULL`);
    await queryRunner.query(
      `ALTER TABLE "accounts" ALTER COLUMN "mobile" SET NOT NULL, ALTER COLUMN "country_code" SET NOT NULL`,
    );
  }
}
