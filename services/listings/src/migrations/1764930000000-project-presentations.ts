import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Project proposals (issue 14, `/projects-proposal/[id]`): the presentations table holds both
 * kinds; a project proposal keeps its projects' ids, a property proposal its listings'. The
 * creator may now be a company as well as an agent (`agent_id` is whoever built it).
 */
export class ProjectPresentations1764930000000 implements MigrationInterface {
  name = 'ProjectPresentations1764930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "presentations"
        ADD COLUMN "kind" text NOT NULL DEFAULT 'properties'
          CONSTRAINT "presentations_kind_check" CHECK ("kind" IN ('properties', 'projects')),
        ADD COLUMN "project_ids" uuid[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`DROP INDEX "presentations_agent_idx"`);
    await queryRunner.query(
      `CREATE INDEX "presentations_agent_idx" ON "presentations" ("site", "agent_id", "kind", "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "presentations_agent_idx"`);
    await queryRunner.query(
      `CREATE INDEX "presentations_agent_idx" ON "presentations" ("site", "agent_id", "created_at" DESC)`,
    );
    await queryRunner.query(`DELETE FROM "presentations" WHERE "kind" = 'projects'`);
    await queryRunner.query(`ALTER TABLE "presentations" DROP COLUMN "project_ids", DROP COLUMN "kind"`);
  }
}
