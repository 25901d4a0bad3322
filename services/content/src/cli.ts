import 'reflect-metadata';
import { outboxCommands } from '@manzil/bus/outbox';
import { runServiceCli } from '@manzil/db';
import { exitOnConfigError, loadConfig } from '@manzil/nest-kit/base';
import { envSchema } from './config.js';
import { buildDataSource } from './data-source.js';
import { seed } from './seed.js';

try {
  const config = loadConfig(envSchema.pick({ DATABASE_URL: true }));
  await runServiceCli(process.argv.slice(2), {
    dataSource: buildDataSource(config.DATABASE_URL),
    seed,
    commands: outboxCommands,
  });
} catch (error) {
  exitOnConfigError(error);
}
