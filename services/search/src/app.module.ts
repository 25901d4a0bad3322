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
import type { ServiceConfig } from './config.js';
import { entities, migrations } from './data-source.js';
import { ProjectsModule } from './projects/projects.module.js';
import { PropertiesModule } from './properties/properties.module.js';
import { ReadModelModule } from './read-model/read-model.module.js';
import { PROJECT_ROUTES } from './projects/project.routes.js';
import { ROUTES } from './routes.js';

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
          routes: [...ROUTES, ...PROJECT_ROUTES, ...outboxAdminRoutes],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        // No relay: search publishes nothing (yet); it only consumes.
        BusModule.forRoot({
          clientId: 'search',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          ...busOptionsFromEnv(config),
        }),
        ReadModelModule.forRoot(config),
        PropertiesModule,
        ProjectsModule,
      ],
    };
  }
}
