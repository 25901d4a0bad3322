import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A document's file: its bytes live in the object storage under this key (null for metadata-only rows). */
export class DocumentFiles1764080000000 implements MigrationInterface {
  name = 'DocumentFiles1764080000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "property_documents" ADD COLUMN "storage_key" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "property_documents" DROP COLUMN "storage_key"`);
  }
}
