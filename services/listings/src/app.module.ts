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
import { AdLicenceModule } from './ad-licence/ad-licence.module.js';
import { LISTINGS_REPORT_ROUTES, ListingsReportModule } from './activity/listings-report.controller.js';
import { LISTING_JOBS } from './ad-licence/licence-expiry.job.js';
import { regaSettings } from './ad-licence/rega.config.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { ApprovalModule } from './approval/approval.module.js';
import type { ServiceConfig } from './config.js';
import { entities, migrations } from './data-source.js';
import { DocumentsModule } from './documents/documents.module.js';
import { DraftsModule } from './drafts/drafts.module.js';
import { LocationsModule } from './locations/locations.module.js';
import { MediaModule } from './media/media.module.js';
import { PhotosModule } from './photos/photos.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { PropertiesModule } from './properties/properties.module.js';
import { EnquiriesModule } from './enquiries/enquiries.module.js';
import { PresentationsModule } from './presentations/presentations.module.js';
import { RequirementsModule } from './requirements/requirements.module.js';
import { ReportsModule } from './reports/reports.module.js';
import { VideosModule } from './videos/videos.module.js';
import { StorageCleanupModule } from './media/upload-sweep.job.js';
import { ROUTES } from './routes.js';
import { AppointmentsModule } from './appointments/appointments.module.js';
import { WishlistModule } from './wishlist/wishlist.module.js';
import { UNIT_BOOKING_ROUTES, UnitBookingsModule } from './unit-bookings/unit-bookings.module.js';

/** A dynamic module so tests pass their own config. */
@Module({})
export class AppModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ManzilKitModule.forRoot({
          service: 'listings',
          auth: authOptionsFrom(config),
          redisUrl: config.REDIS_URL,
          routes: [...ROUTES, ...LISTINGS_REPORT_ROUTES, ...UNIT_BOOKING_ROUTES, ...outboxAdminRoutes],
          trustProxy: config.TRUST_PROXY,
          metricsPort: config.METRICS_PORT,
        }),
        TypeOrmModule.forRoot(dataSourceOptions({ url: config.DATABASE_URL, entities, migrations })),
        BusModule.forRoot({
          clientId: 'listings',
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          kafkaBrokers: config.KAFKA_BROKERS,
          relay: true,
          ...busOptionsFromEnv(config),
        }),
        // The licence expiry job's queue, beside (not among) the bus's.
        serviceJobsModule(LISTING_JOBS, {
          redisUrl: config.REDIS_URL,
          namespace: config.BUS_NAMESPACE,
          service: 'listings',
        }),
        AdLicenceModule.forRoot(regaSettings(config)),
        StorageCleanupModule.forRoot(config),
        PropertiesModule,
        ApprovalModule,
        DraftsModule,
        LocationsModule,
        AccountsModule,
        MediaModule,
        ReportsModule,
        WishlistModule,
        AppointmentsModule,
        EnquiriesModule,
        RequirementsModule,
        PresentationsModule.forRoot(config),
        ListingsReportModule.forRoot(config),
        PhotosModule.forRoot(config),
        DocumentsModule.forRoot(config),
        ProjectsModule.forRoot(config),
        VideosModule.forRoot(config),
        UnitBookingsModule.forRoot(config),
      ],
    };
  }
}
