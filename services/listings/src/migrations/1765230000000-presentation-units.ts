import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Units picked in a project proposal (issue 14): the ids of the units the builder chose; a
 * project of the proposal none of whose units is listed shows all its available units.
 */
export class PresentationUnits1765230000000 implements MigrationInterface {
  name = 'PresentationUnits1765230000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "presentations" ADD COLUMN "unit_ids" uuid[] NOT NULL DEFAULT '{}'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "presentations" DROP COLUMN "unit_ids"`);
  }
}
