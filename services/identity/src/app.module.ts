import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@manzil/db';
import { BusModule, ManzilKitModule } from '@manzil/nest-kit';
import type { ServiceConfig } from './config.js';
import { entities, migrations } from './data-source.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { CoreModule } from './core.module.js';
import { FeaturesModule } from './features.module.js';
import { GoogleModule } from './google/index.js';
import { NafathModule } from './nafath/index.js';
import { ROUTES } from './routes.js';
import { TokensModule } from './tokens/tokens.module.js';

/** A dynamic module so tests pass their own configuration. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'identity',
          jwtPublicKey: config.JWT_PUBLIC_KEY,
          redisUrl: config.REDIS_URL,
          routes: ROUTES,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'identity',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: true,
        }),
        CoreModule.forRoot(config),
        AccountsModule,
        TokensModule,
        FeaturesModule,
        NafathModule.forRoot(config),
        GoogleModule.forRoot(config),
      ],
    };
  }
}
