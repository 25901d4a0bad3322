import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@manzil/db';
import { BusModule, busOptionsFromEnv, ManzilKitModule, outboxAdminRoutes } from '@manzil/nest-kit';
import type { ServiceConfig } from './config.js';
import { entities, migrations } from './data-source.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { CoreModule } from './core.module.js';
import { FeaturesModule } from './features.module.js';
import { GoogleModule } from './google/index.js';
import { NafathModule } from './nafath/index.js';
import { ROUTES } from './routes.js';
import { identityAuth, signingKeys } from './tokens/signing-keys.js';
import { TokensModule } from './tokens/tokens.module.js';
import { UploadExpiryModule } from './uploads/upload-expiry.module.js';

/** A dynamic module so tests pass their own configuration. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    const keys = signingKeys(config);
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'identity',
          auth: identityAuth(config, keys),
          redisUrl: config.REDIS_URL,
          routes: [...ROUTES, ...outboxAdminRoutes],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'identity',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          ...busOptionsFromEnv(config),
          relay: true,
        }),
        CoreModule.forRoot(config),
        AccountsModule,
        TokensModule.forRoot(keys),
        FeaturesModule,
        NafathModule.forRoot(config),
        GoogleModule.forRoot(config),
        UploadExpiryModule.forRoot(config),
      ],
    };
  }
}
