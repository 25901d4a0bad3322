import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The read model of published projects, fed only by `project.*` / `unit.*` events: the filter
 * columns, and the public project with its units in `payload` (the answer of the detail).
 */
export class ProjectRead1764300000001 implements MigrationInterface {
  name = 'ProjectRead1764300000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "project_read" (
        "id" uuid NOT NULL,
        "site" text NOT NULL,
        "slug" text NOT NULL,
        "city_id" text NOT NULL,
        "completion" text NOT NULL,
        "published_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "event_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "payload" jsonb NOT NULL,
        CONSTRAINT "project_read_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "project_read_site_slug" ON "project_read" ("site", "slug")`,
    );
    await queryRunner.query(
      `CREATE INDEX "project_read_list_idx" ON "project_read" ("site", "published_at" DESC, "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "project_read"`);
  }
}
