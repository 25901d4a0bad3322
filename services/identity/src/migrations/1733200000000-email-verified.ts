import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `accounts.email_verified`: the e-mail proved by a code sent to it. Accounts made by Google
 * sign-up (no password: Google proved the address) start verified.
 */
export class EmailVerified1733200000000 implements MigrationInterface {
  name = 'EmailVerified1733200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD COLUMN "email_verified" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `UPDATE "accounts" SET "email_verified" = true WHERE "password_hash" IS NULL AND "email" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "email_verified"`);
  }
}
