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
import { EnquiryEmailModule } from './enquiry-email/enquiry-email.module.js';
import { NotificationsModule, NOTIFICATION_ROUTES } from './notifications/notifications.module.js';
import { NOTIFICATION_JOBS } from './sms/sms-delivery.job.js';

/** A dynamic module so tests pass their own configuration. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'notifications',
          auth: authOptionsFrom(config),
          redisUrl: config.REDIS_URL,
          routes: [...NOTIFICATION_ROUTES, ...outboxAdminRoutes],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'notifications',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: false,
          ...busOptionsFromEnv(config),
        }),
        // The text messages' queue, beside (not among) the bus's: keys per namespace and service.
        serviceJobsModule(NOTIFICATION_JOBS, {
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          service: 'notifications',
        }),
        NotificationsModule.forRoot(config),
        EnquiryEmailModule.forRoot(config),
      ],
    };
  }
}
