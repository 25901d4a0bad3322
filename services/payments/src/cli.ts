import { outboxCommands } from '@manzil/bus/outbox';
import { runServiceCli } from '@manzil/db';
import { exitOnConfigError, loadConfig } from '@manzil/nest-kit/base';
import { envShape } from './config.js';
import { buildDataSource } from './data-source.js';
import { seedPlans } from './plans/plans.seed.js';

/** node dist/cli.js migrate|revert|seed|outbox:dead|outbox:replay|outbox:discard */
try {
  const config = loadConfig(envShape.pick({ DATABASE_URL: true }));
  await runServiceCli(process.argv.slice(2), {
    dataSource: buildDataSource(config.DATABASE_URL),
    seed: seedPlans,
    commands: outboxCommands,
  });
} catch (error) {
  exitOnConfigError(error);
}
