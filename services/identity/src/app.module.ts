import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@manzil/db';
import { BusModule, ManzilKitModule } from '@manzil/nest-kit';
import type { ServiceConfig } from './config.js';
import { entities, migrations } from './data-source.js';
import { AccountsModule, ACCOUNT_ROUTES } from './accounts/accounts.module.js';

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
          routes: ACCOUNT_ROUTES,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'identity',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: true,
        }),
        AccountsModule,
      ],
    };
  }
}
