import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revocation that every service sees: `accounts.token_version` (carried in access tokens as
 * `tv`, raised when all of an account's sessions end) and `tokens_revoked_at` (when, so the
 * revocations of the last access-token lifetime can be written to Redis again). Sessions get
 * an absolute end: `refresh_tokens.session_expires_at`, 30 days after the family's first token
 * for the sessions that exist already.
 */
export class Sessions1733400000000 implements MigrationInterface {
  name = 'Sessions1733400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "accounts"
        ADD COLUMN "token_version" integer NOT NULL DEFAULT 0,
        ADD COLUMN "tokens_revoked_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "accounts_tokens_revoked_at_idx" ON "accounts" ("tokens_revoked_at") WHERE "tokens_revoked_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD COLUMN "session_expires_at" TIMESTAMP WITH TIME ZONE`,
    );
    await queryRunner.query(`
      UPDATE "refresh_tokens" AS token SET "session_expires_at" = family.started + interval '30 days'
        FROM (SELECT "family_id", min("created_at") AS started FROM "refresh_tokens" GROUP BY "family_id") AS family
       WHERE family."family_id" = token."family_id"`);
    await queryRunner.query(`ALTER TABLE "refresh_tokens" ALTER COLUMN "session_expires_at" SET NOT NULL`);
    await queryRunner.query(
      `CREATE INDEX "refresh_tokens_revoked_at_idx" ON "refresh_tokens" ("revoked_at") WHERE "revoked_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "refresh_tokens_revoked_at_idx"`);
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP COLUMN "session_expires_at"`);
    await queryRunner.query(`DROP INDEX "accounts_tokens_revoked_at_idx"`);
    await queryRunner.query(
      `ALTER TABLE "accounts" DROP COLUMN "tokens_revoked_at", DROP COLUMN "token_version"`,
    );
  }
}
