import type { MigrationInterface, QueryRunner } from 'typeorm';

/** In-app notifications, written in both languages when they are created (events carry no language). */
export class Init1732200000000 implements MigrationInterface {
  name = 'Init1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "notifications" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "site" text NOT NULL CONSTRAINT "notifications_site_check" CHECK ("site" IN ('ae', 'sa')),
        "account_id" uuid NOT NULL,
        "title_en" text NOT NULL,
        "title_ar" text NOT NULL,
        "body_en" text NOT NULL,
        "body_ar" text NOT NULL,
        "read_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "notifications_pkey" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "notifications_account_idx" ON "notifications" ("site", "account_id", "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
