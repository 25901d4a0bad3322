import type { DataSource } from 'typeorm';
import { ensureDatabase } from './database.js';

export interface CliOptions {
  dataSource: DataSource;
  /** Idempotent: running it twice leaves the same data. */
  seed?: (dataSource: DataSource) => Promise<void>;
  /**
   * More commands by name, run on the initialized data source with the remaining arguments;
   * what they return is printed (e.g. `outboxCommands` of @manzil/bus: `outbox:replay --id 12`).
   */
  commands?: Record<string, (dataSource: DataSource, args: string[]) => Promise<string>>;
}

/**
 * `node dist/cli.js migrate|revert|seed|setup|<command>` for a service. `migrate` creates the
 * database when it is missing, so a fresh machine needs no manual step. `setup` is `migrate`
 * then `seed` in one process (`npm start`: one Node start, module load and connection pool per
 * service instead of two).
 */
export async function runServiceCli(argv: string[], options: CliOptions): Promise<void> {
  const command = argv[0];
  const { dataSource } = options;
  const extra = command ? options.commands?.[command] : undefined;
  const url = (dataSource.options as { url?: string }).url;
  if (!url) throw new Error('data source has no url');
  const migrate = command === 'migrate' || command === 'setup';
  if (migrate) await ensureDatabase(url);
  await dataSource.initialize();
  try {
    if (migrate) {
      // Replicas released together each run migrate: one at a time, the others find nothing to do.
      // The lock is held by one session, so it goes through one dedicated connection.
      const lock = dataSource.createQueryRunner();
      await lock.connect();
      await lock.query('select pg_advisory_lock(7245501)');
      let ran: { name: string }[];
      try {
        ran = await dataSource.runMigrations({ transaction: 'each' });
      } finally {
        await lock.query('select pg_advisory_unlock(7245501)');
        await lock.release();
      }
      console.log(`migrated: ${ran.length ? ran.map((m) => m.name).join(', ') : 'nothing to do'}`);
    }
    if (command === 'seed' || command === 'setup') {
      if (options.seed) await options.seed(dataSource);
      console.log(options.seed ? 'seeded' : 'nothing to seed');
    } else if (command === 'revert') {
      await dataSource.undoLastMigration({ transaction: 'each' });
      console.log('reverted the last migration');
    } else if (extra) {
      console.log(await extra(dataSource, argv.slice(1)));
    } else if (command !== 'migrate') {
      const known = ['migrate', 'revert', 'seed', 'setup', ...Object.keys(options.commands ?? {})];
      throw new Error(`unknown command "${command ?? ''}": use ${known.join(', ')}`);
    }
  } finally {
    await dataSource.destroy();
  }
}
