import 'reflect-metadata';
import { outboxCommands } from '@manzil/bus/outbox';
import { runServiceCli } from '@manzil/db';
import { busCliOptions, exitOnConfigError, loadConfig } from '@manzil/nest-kit/base';
import { envSchema } from './config.js';
import { buildDataSource } from './data-source.js';

/**
 * node dist/cli.js migrate|revert|outbox:dead|outbox:replay|outbox:discard, or bus:replay
 * --topic <topic> [--group <group>] (dead letters back onto their topic; this service's group by
 * default). No seed: the read model fills itself from listings' events (listings' seed publishes them).
 */
const argv = process.argv.slice(2);
try {
  if (argv[0]?.startsWith('bus:')) {
    const config = loadConfig(envSchema.pick({ REDIS_URL: true, BUS_NAMESPACE: true, KAFKA_BROKERS: true }));
    // The transports (ioredis, kafkajs, prom-client) only for the bus commands, not for migrate + seed.
    const { runBusCli } = await import('@manzil/bus');
    await runBusCli(argv, busCliOptions('search', config));
  } else {
    const config = loadConfig(envSchema.pick({ DATABASE_URL: true }));
    await runServiceCli(argv, { dataSource: buildDataSource(config.DATABASE_URL), commands: outboxCommands });
  }
} catch (error) {
  exitOnConfigError(error);
}
