import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `uploads.owner_id` and `uploads.expires_at`: an upload belongs to the account whose picture
 * or logo it is; one that no account claims is deleted after a day. Existing uploads that an
 * account uses become that account's; the others expire a day after this migration.
 */
export class UploadClaims1734100000001 implements MigrationInterface {
  name = 'UploadClaims1734100000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "uploads" ADD COLUMN "owner_id" uuid, ADD COLUMN "expires_at" timestamptz`,
    );
    await queryRunner.query(
      `UPDATE "uploads" SET "owner_id" = "accounts"."id" FROM "accounts" WHERE "accounts"."picture_upload_id" = "uploads"."id"`,
    );
    await queryRunner.query(
      `UPDATE "uploads" SET "expires_at" = now() + interval '1 day' WHERE "owner_id" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "uploads_expires_at_idx" ON "uploads" ("expires_at") WHERE "expires_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "uploads_expires_at_idx"`);
    await queryRunner.query(`ALTER TABLE "uploads" DROP COLUMN "expires_at", DROP COLUMN "owner_id"`);
  }
}
