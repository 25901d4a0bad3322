import { outboxCommands } from '@manzil/bus/outbox';
import { runServiceCli } from '@manzil/db';
import { busCliOptions, exitOnConfigError, loadConfig } from '@manzil/nest-kit/base';
import { envSchema } from './config.js';
import { buildDataSource } from './data-source.js';
import { publishAllAccountChannels } from './accounts/account-channels.js';
import { publishAllAgentContacts } from './directory/agent-contact.js';
import { seed } from './seed.js';
import { seedRoster } from './seed-roster.js';

/**
 * node dist/cli.js migrate|revert|seed|outbox:dead|outbox:replay|outbox:discard|directory:publish-contacts|accounts:publish-channels, or bus:replay --topic <topic> [--group <group>] (dead
 * letters back onto their topic; this service's group by default).
 */
const argv = process.argv.slice(2);
try {
  if (argv[0]?.startsWith('bus:')) {
    const config = loadConfig(envSchema.pick({ REDIS_URL: true, BUS_NAMESPACE: true, KAFKA_BROKERS: true }));
    // The transports (ioredis, kafkajs, prom-client) only for the bus commands, not for migrate + seed.
    const { runBusCli } = await import('@manzil/bus');
    await runBusCli(argv, busCliOptions('identity', config));
  } else {
    const config = loadConfig(envSchema.pick({ DATABASE_URL: true }));
    await runServiceCli(argv, {
      dataSource: buildDataSource(config.DATABASE_URL),
      seed: async (ds) => {
        await seed(ds);
        await seedRoster(ds);
        // The roster's agents reach search's agent cards (a few dozen events; search keeps the newest).
        await publishAllAgentContacts(ds);
        // Every demo account's language and proved addresses reach notifications (e-mail, SMS).
        await publishAllAccountChannels(ds);
      },
      commands: {
        ...outboxCommands,
        'directory:publish-contacts': publishAllAgentContacts,
        'accounts:publish-channels': publishAllAccountChannels,
      },
    });
  }
} catch (error) {
  exitOnConfigError(error);
}
