import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public directory of agents and companies: `name_ar` (the Arabic form of the name, null
 * when none was given) and `slug`, computed by Postgres from the name and the id as
 * `directorySlug` in contracts does, so every way an account is created or renamed keeps it.
 */
export class Directory1735000000000 implements MigrationInterface {
  name = 'Directory1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "accounts" ADD COLUMN "name_ar" text`);
    await queryRunner.query(
      `ALTER TABLE "accounts" ADD COLUMN "slug" text GENERATED ALWAYS AS (
         CASE WHEN btrim(regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g'), '-') = ''
              THEN left("id"::text, 8)
              ELSE btrim(regexp_replace(lower("name"), '[^a-z0-9]+', '-', 'g'), '-') || '-' || left("id"::text, 8)
         END) STORED`,
    );
    await queryRunner.query(`CREATE INDEX "accounts_site_slug_idx" ON "accounts" ("site", "slug")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "accounts_site_slug_idx"`);
    await queryRunner.query(`ALTER TABLE "accounts" DROP COLUMN "slug", DROP COLUMN "name_ar"`);
  }
}
