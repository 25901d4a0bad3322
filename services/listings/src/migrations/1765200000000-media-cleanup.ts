import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * - `listing_accounts.name`, `name_ar`: an agent's names as identity announces them
 *   (`identity.agent.contact`), so `listing.approved` names the advertiser in both languages
 *   for every listing, not only the seeded ones.
 * - `storage_cleanup`: stored objects that may have to go. An upload writes a row (due after the
 *   sweep's age) before its bytes and deletes it in the transaction that attaches them; a removal
 *   writes one (due at once) in the transaction that drops the media row, and deletes it once the
 *   storage has removed the bytes. Whatever a crash or a failed storage delete leaves, the sweep
 *   removes.
 */
export class MediaCleanup1765200000000 implements MigrationInterface {
  name = 'MediaCleanup1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "listing_accounts" ADD COLUMN "name" text, ADD COLUMN "name_ar" text`,
    );
    await queryRunner.query(`
      CREATE TABLE "storage_cleanup" (
        "id" uuid NOT NULL,
        "keys" text[] NOT NULL,
        "reason" text NOT NULL,
        "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "storage_cleanup_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "storage_cleanup_reason_check" CHECK ("reason" IN ('upload', 'removed'))
      )`);
    await queryRunner.query(`CREATE INDEX "storage_cleanup_due_idx" ON "storage_cleanup" ("due_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "storage_cleanup"`);
    await queryRunner.query(`ALTER TABLE "listing_accounts" DROP COLUMN "name", DROP COLUMN "name_ar"`);
  }
}
