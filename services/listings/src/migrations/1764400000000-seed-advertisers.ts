import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The advertiser's name in Arabic beside `agent_name` (an Arabic page names the agent in
 * Arabic), and the demo photos of a seeded listing (paths of the shipped demo media, shown
 * while the listing has no uploaded photo).
 */
export class SeedAdvertisers1764400000000 implements MigrationInterface {
  name = 'SeedAdvertisers1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" ADD "agent_name_ar" text`);
    await queryRunner.query(`ALTER TABLE "properties" ADD "demo_photos" text[]`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "demo_photos"`);
    await queryRunner.query(`ALTER TABLE "properties" DROP COLUMN "agent_name_ar"`);
  }
}
