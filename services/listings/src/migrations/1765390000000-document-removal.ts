import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11, documents and photos:
 *
 * - `property_documents.removed_at`: the owner removed the document (`DELETE
 *   …/documents/:documentId`) while a version still needs it (the public version accepted with
 *   it, or the moderation under way). The row is hidden from the owner's view, the counts and
 *   the submit, but keeps its bytes for the admins until no version needs it (the next
 *   approval, a rejection, a discard). A partial index finds those rows per listing.
 * - A GIN index on the public version's photo URLs, so that `GET /v1/media/photos/:id/:size`
 *   for a photo no row has (`… WHERE "published" -> 'media' -> 'photos' ? $1`) reads the index
 *   rather than every listing. Built without CONCURRENTLY (migrations run in a transaction;
 *   `properties` is thousands of rows, built in well under a second).
 */
export class DocumentRemoval1765390000000 implements MigrationInterface {
  name = 'DocumentRemoval1765390000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "property_documents" ADD COLUMN "removed_at" timestamptz`);
    await queryRunner.query(
      `CREATE INDEX "IDX_property_documents_removed" ON "property_documents" ("property_id") WHERE "removed_at" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_properties_published_photos" ON "properties" USING gin (("published" -> 'media' -> 'photos'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_properties_published_photos"`);
    await queryRunner.query(`DROP INDEX "IDX_property_documents_removed"`);
    await queryRunner.query(`ALTER TABLE "property_documents" DROP COLUMN "removed_at"`);
  }
}
