import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
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
import { BidFeesModule, BID_FEE_ROUTES } from './bid-fees/bid-fees.module.js';
import { PlansModule, PLAN_ROUTES } from './plans/plans.module.js';
import { PAYMENT_JOBS } from './reconciliation/payment-reconciliation.job.js';
import { SUBSCRIPTION_ROUTES } from './routes.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { AdminConsoleModule } from './admin/admin-console.module.js';
import { PAYMENTS_CONSOLE_ROUTES } from './admin/routes.js';
import { UNIT_BOOKING_ROUTES, UnitBookingsModule } from './unit-bookings/unit-bookings.module.js';

/** A dynamic module so tests pass their own configuration. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'payments',
          auth: authOptionsFrom(config),
          redisUrl: config.REDIS_URL,
          routes: [
            ...PLAN_ROUTES,
            ...SUBSCRIPTION_ROUTES,
            ...PAYMENTS_CONSOLE_ROUTES,
            ...BID_FEE_ROUTES,
            ...UNIT_BOOKING_ROUTES,
            ...outboxAdminRoutes,
          ],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'payments',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: true,
          ...busOptionsFromEnv(config),
        }),
        // The reconciliation job's queue, beside (not among) the bus's: keys per namespace and service.
        BullModule.forRoot(PAYMENT_JOBS, {
          connection: { url: config.REDIS_URL },
          prefix: `bull:${config.BUS_NAMESPACE}:payments-jobs`,
        }),
        PlansModule,
        SubscriptionsModule.forRoot(config),
        AdminConsoleModule.forRoot(config),
        BidFeesModule.forRoot(config),
        UnitBookingsModule.forRoot(config),
      ],
    };
  }
}
