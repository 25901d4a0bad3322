import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@manzil/db';
import {
  authOptionsFrom,
  BusModule,
  busOptionsFromEnv,
  ManzilKitModule,
  outboxAdminRoutes,
} from '@manzil/nest-kit';
import { serviceJobsModule } from '@manzil/nest-kit/jobs';
import type { ServiceConfig } from './config.js';
import { entities, migrations } from './data-source.js';
import { AuctionsModule } from './auctions/auctions.module.js';
import { AUCTION_JOBS } from './closing/auction-closing.job.js';
import { AUCTION_ROUTES } from './routes.js';
import { AUCTION_CONSOLE_ROUTES } from './admin/routes.js';

/** A dynamic module so tests pass their own configuration. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'auctions',
          auth: authOptionsFrom(config),
          redisUrl: config.REDIS_URL,
          routes: [...AUCTION_ROUTES, ...AUCTION_CONSOLE_ROUTES, ...outboxAdminRoutes],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'auctions',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: true,
          ...busOptionsFromEnv(config),
        }),
        // The closing job's queue, beside (not among) the bus's: keys per namespace and service.
        serviceJobsModule(AUCTION_JOBS, {
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          service: 'auctions',
        }),
        AuctionsModule,
      ],
    };
  }
}
