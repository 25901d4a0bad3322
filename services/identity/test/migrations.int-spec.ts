import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@manzil/testing';
import { buildDataSource, migrations } from '../src/data-source.js';
import { GoogleSubject1734100000000 } from '../src/migrations/1734100000000-google-subject.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('identity_migrations');
});
afterAll(async () => {
  await db?.drop();
});

describe('migrations: Google subject and upload claims', () => {
  it('go up, down (with the data they fill in) and up again', async () => {
    const ds = buildDataSource(db.url);
    await ds.initialize();
    try {
      const columns = async () =>
        (
          (await ds.query(
            `SELECT table_name || '.' || column_name AS name FROM information_schema.columns
              WHERE (table_name, column_name) IN (('accounts', 'google_subject'), ('uploads', 'owner_id'), ('uploads', 'expires_at'))
              ORDER BY 1`,
          )) as { name: string }[]
        ).map(({ name }) => name);
      await ds.runMigrations();
      expect(await columns()).toEqual(['accounts.google_subject', 'uploads.expires_at', 'uploads.owner_id']);

      // Down to just before them (the migrations after them first).
      const down = migrations.length - migrations.indexOf(GoogleSubject1734100000000);
      for (let i = 0; i < down; i++) await ds.undoLastMigration();
      expect(await columns()).toEqual([]);

      // Uploads made before: the one an account uses becomes its own, the other expires in a day.
      const [{ id: used }] = (await ds.query(
        `INSERT INTO uploads (site, content_type, size) VALUES ('ae', 'image/png', 1) RETURNING id`,
      )) as { id: string }[];
      await ds.query(`INSERT INTO uploads (site, content_type, size) VALUES ('ae', 'image/png', 1)`);
      const [{ id: owner }] = (await ds.query(
        `INSERT INTO accounts (site, role, name, picture_upload_id) VALUES ('ae', 'user', 'Old Account', $1) RETURNING id`,
        [used],
      )) as { id: string }[];
      await ds.runMigrations();
      expect(await columns()).toEqual(['accounts.google_subject', 'uploads.expires_at', 'uploads.owner_id']);
      const rows = (await ds.query(
        `SELECT id, owner_id, expires_at > now() + interval '23 hours' AS expires_in_a_day FROM uploads`,
      )) as { id: string; owner_id: string | null; expires_in_a_day: boolean | null }[];
      expect(rows.find((row) => row.id === used)).toMatchObject({ owner_id: owner, expires_in_a_day: null });
      expect(rows.find((row) => row.id !== used)).toMatchObject({ owner_id: null, expires_in_a_day: true });
    } finally {
      await ds.destroy();
    }
  });
});
