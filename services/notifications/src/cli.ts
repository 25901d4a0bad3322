import { outboxCommands } from '@manzil/bus/outbox';
import { runServiceCli } from '@manzil/db';
import { exitOnConfigError, loadConfig } from '@manzil/nest-kit/base';
import { envSchema } from './config.js';
import { buildDataSource } from './data-source.js';

/** node dist/cli.js migrate|revert|seed|outbox:dead|outbox:replay|outbox:discard */
try {
  const config = loadConfig(envSchema.pick({ DATABASE_URL: true }));
  await runServiceCli(process.argv.slice(2), {
    dataSource: buildDataSource(config.DATABASE_URL),
    commands: outboxCommands,
  });
} catch (error) {
  exitOnConfigError(error);
}
