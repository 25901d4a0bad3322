import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts of every role. A mobile number is unique per site and country code (spec: login by mobile). */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "accounts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "accounts_site_check" CHECK ("site" IN ('ae', 'sa')),
        "role" text NOT NULL CONSTRAINT "accounts_role_check" CHECK ("role" IN ('user', 'agent', 'company', 'admin')),
        "name" text NOT NULL,
        "mobile" text NOT NULL,
        "country_code" text NOT NULL,
        "email" text,
        "password_hash" text,
        "status" text NOT NULL DEFAULT 'active' CONSTRAINT "accounts_status_check" CHECK ("status" IN ('active', 'inactive', 'deleted')),
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "accounts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "accounts_site_country_code_mobile_key" UNIQUE ("site", "country_code", "mobile")
      )`);
    // One account per e-mail on a site, compared case-insensitively.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "accounts_site_email_key" ON "accounts" ("site", lower("email")) WHERE "email" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "accounts"`);
  }
}
