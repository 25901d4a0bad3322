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
import { ProjectsModule } from './projects/projects.module.js';
import { PropertiesModule } from './properties/properties.module.js';
import { ReadModelModule } from './read-model/read-model.module.js';
import { PROJECT_ROUTES } from './projects/project.routes.js';
import { ROUTES } from './routes.js';
import { SEARCH_JOBS } from './saved-searches/saved-search-digest.job.js';
import { SAVED_SEARCH_ROUTES } from './saved-searches/saved-search.routes.js';
import { SavedSearchesModule } from './saved-searches/saved-searches.module.js';

/** A dynamic module so tests pass their own config. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'search',
          auth: authOptionsFrom(config),
          redisUrl: config.REDIS_URL,
          routes: [...ROUTES, ...PROJECT_ROUTES, ...SAVED_SEARCH_ROUTES, ...outboxAdminRoutes],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.DATABASE_URL,
            entities,
            migrations,
            statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS,
          }),
        ),
        // The relay publishes saved searches' matches (saved-search.matched) from the outbox.
        BusModule.forRoot({
          clientId: 'search',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: true,
          ...busOptionsFromEnv(config),
        }),
        // The saved-search digest's queue, beside (not among) the bus's.
        serviceJobsModule(SEARCH_JOBS, {
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          service: 'search',
        }),
        SavedSearchesModule.forRoot({ digestEveryMs: config.SAVED_SEARCH_DIGEST_EVERY_MS }),
        ReadModelModule.forRoot(config),
        PropertiesModule,
        ProjectsModule,
      ],
    };
  }
}
