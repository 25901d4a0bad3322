import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { AdLicenceController } from './ad-licence.controller.js';
import { AdLicences } from './ad-licences.js';
import { CheckAdLicence } from './check-ad-licence.js';
import {
  ExpireLicence,
  LICENCE_EXPIRY_QUEUE,
  LicenceExpiryProcessor,
  LicenceExpiryScheduler,
  LISTING_JOBS,
} from './licence-expiry.job.js';
import { AdLicenceValidator, REGA_SETTINGS, RegaAdvertisementValidator } from './rega.client.js';
import type { RegaSettings } from './rega.config.js';

/** The Saudi ad licence: REGA's validator through its adapter, the wizard's step, the expiry job. */
@Module({})
export class AdLicenceModule {
  static forRoot(settings: RegaSettings): DynamicModule {
    return {
      module: AdLicenceModule,
      global: true,
      imports: [BullModule.registerQueue({ name: LICENCE_EXPIRY_QUEUE, configKey: LISTING_JOBS })],
      controllers: [AdLicenceController],
      providers: [
        { provide: REGA_SETTINGS, useValue: settings },
        { provide: AdLicenceValidator, useClass: RegaAdvertisementValidator },
        AdLicences,
        CheckAdLicence,
        ExpireLicence,
        LicenceExpiryScheduler,
        LicenceExpiryProcessor,
      ],
      exports: [AdLicences, LicenceExpiryScheduler],
    };
  }
}
