import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Saudi ad licence as REGA confirmed it (the regulator fields of spec §3, shown as
 * regulator-verified) and when it ends, for the expiry job's catch-up on start.
 */
export class AdLicence1764200000000 implements MigrationInterface {
  name = 'AdLicence1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" ADD "regulator_verified" jsonb`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "licence_ends_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `CREATE INDEX "properties_licence_ends_idx" ON "properties" ("licence_ends_at") WHERE "licence_ends_at" IS NOT NULL AND "state" = 'active'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "properties_licence_ends_idx"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "licence_ends_at"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "regulator_verified"`);
  }
}
