import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A unit's floor plan as an uploaded file (a jpeg or PDF, like a listing's documents) in the object
 * storage: its key and type. `floor_plan_url` stays the address readers open (the upload's path,
 * or the link typed before uploads existed).
 */
export class UnitFloorPlans1764940000001 implements MigrationInterface {
  name = 'UnitFloorPlans1764940000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "project_units" ADD COLUMN "floor_plan_key" text, ADD COLUMN "floor_plan_type" text`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "project_units" DROP COLUMN "floor_plan_type", DROP COLUMN "floor_plan_key"`,
    );
  }
}
