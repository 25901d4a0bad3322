import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Photos of a listing: the stored sizes live in the object storage, their order and placeholder here. */
export class PropertyPhotos1764060000000 implements MigrationInterface {
  name = 'PropertyPhotos1764060000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "property_photos" (
        "id" uuid NOT NULL,
        "property_id" uuid NOT NULL,
        "site" text NOT NULL,
        "position" integer NOT NULL,
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "blur_data_url" text,
        "created_by" uuid NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "property_photos_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "property_photos_property_fkey" FOREIGN KEY ("property_id") REFERENCES "properties" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(
      `CREATE INDEX "property_photos_property_idx" ON "property_photos" ("property_id", "position")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "property_photos"`);
  }
}
