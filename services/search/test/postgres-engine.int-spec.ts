import { createMigratedDatabase, type TestDatabase } from '@manzil/testing';
import { PostgresSearchEngine } from '../src/engines/postgres-search-engine.js';
import { buildDataSource } from '../src/data-source.js';
import { engineContract } from './engine-contract.js';

engineContract('Postgres', async () => {
  const db: TestDatabase = await createMigratedDatabase('search_engine', buildDataSource);
  const dataSource = buildDataSource(db.url);
  await dataSource.initialize();
  return {
    engine: new PostgresSearchEngine(dataSource),
    write: (fn) => dataSource.transaction(fn),
    close: async () => {
      await dataSource.destroy();
      await db.drop();
    },
  };
});
