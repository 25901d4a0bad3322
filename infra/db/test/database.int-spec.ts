import { afterAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Column, Entity, type MigrationInterface, PrimaryColumn, type QueryRunner } from 'typeorm';
import { createDataSource, dropDatabase, ensureDatabase, runServiceCli, withDatabase } from '../src/index.js';

const server = process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = withDatabase(server, `t_db_${randomBytes(4).toString('hex')}`);

@Entity('notes')
class Note {
  @PrimaryColumn() id: string;
  @Column() text: string;
}

class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(runner: QueryRunner) {
    await runner.query('create table notes (id text primary key, text text not null)');
  }
  async down(runner: QueryRunner) {
    await runner.query('drop table notes');
  }
}

async function tables(): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    "select tablename from pg_tables where schemaname = 'public' order by 1",
  );
  await client.end();
  return rows.map((r) => r.tablename as string);
}

describe('service database CLI', () => {
  afterAll(() => dropDatabase(url));

  it('creates the database on migrate, is idempotent, seeds and reverts', async () => {
    const make = () => createDataSource({ url, entities: [Note], migrations: [CreateNotes1700000000000] });
    await runServiceCli(['migrate'], { dataSource: make() });
    await runServiceCli(['migrate'], { dataSource: make() });
    expect(await tables()).toEqual(['migrations', 'notes']);
    const seed = async (ds: import('typeorm').DataSource) => {
      await ds.getRepository(Note).upsert({ id: 'n1', text: 'hello' }, ['id']);
    };
    await runServiceCli(['seed'], { dataSource: make(), seed });
    await runServiceCli(['seed'], { dataSource: make(), seed });
    const ds = make();
    await ds.initialize();
    expect(await ds.getRepository(Note).count()).toBe(1);
    await ds.destroy();
    await runServiceCli(['revert'], { dataSource: make() });
    expect(await tables()).toEqual(['migrations']);
  });

  it('setup migrates a missing database and seeds it in one run, and again changes nothing', async () => {
    await dropDatabase(url);
    const make = () => createDataSource({ url, entities: [Note], migrations: [CreateNotes1700000000000] });
    const seed = async (ds: import('typeorm').DataSource) => {
      await ds.getRepository(Note).upsert({ id: 'n1', text: 'hello' }, ['id']);
    };
    await runServiceCli(['setup'], { dataSource: make(), seed });
    await runServiceCli(['setup'], { dataSource: make(), seed });
    expect(await tables()).toEqual(['migrations', 'notes']);
    const ds = make();
    await ds.initialize();
    expect(await ds.getRepository(Note).find()).toEqual([
      expect.objectContaining({ id: 'n1', text: 'hello' }),
    ]);
    await ds.destroy();
  });

  it('refuses an unknown command', async () => {
    const ds = createDataSource({ url, entities: [], migrations: [] });
    await expect(runServiceCli(['dance'], { dataSource: ds })).rejects.toThrow(/unknown command/);
  });

  it('reports whether it created the database', async () => {
    expect(await ensureDatabase(url)).toBe(false);
  });

  it('has Postgres cancel a statement that outlives statementTimeoutMs (code 57014), and only that one', async () => {
    const ds = createDataSource({ url, entities: [], migrations: [], poolSize: 1, statementTimeoutMs: 200 });
    await ds.initialize();
    try {
      const started = Date.now();
      await expect(ds.query('SELECT pg_sleep(5)')).rejects.toMatchObject({
        code: '57014',
        driverError: expect.objectContaining({ code: '57014' }),
      });
      expect(Date.now() - started).toBeLessThan(4_000);
      // The same connection (a pool of one) goes on answering.
      expect(await ds.query('SELECT pg_sleep(0.05), 1 AS one')).toEqual([{ pg_sleep: '', one: 1 }]);
      expect(await ds.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '200ms' }]);
    } finally {
      await ds.destroy();
    }
  });
});
