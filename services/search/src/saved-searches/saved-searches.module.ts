import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { SavedSearchAlerts } from './saved-search-alerts.js';
import {
  DIGEST_EVERY_MS,
  SAVED_SEARCH_DIGEST_QUEUE,
  SavedSearchDigestProcessor,
  SavedSearchDigestScheduler,
  SEARCH_JOBS,
  SendSavedSearchDigests,
} from './saved-search-digest.job.js';
import { SavedSearchesController } from './saved-searches.controller.js';
import { SavedSearchesService } from './saved-searches.service.js';

/** Saved searches: the customer's endpoints, the alerts on approvals, the daily digest job. */
@Module({})
export class SavedSearchesModule {
  static forRoot({ digestEveryMs }: { digestEveryMs: number }): DynamicModule {
    return {
      module: SavedSearchesModule,
      global: true,
      imports: [BullModule.registerQueue({ name: SAVED_SEARCH_DIGEST_QUEUE, configKey: SEARCH_JOBS })],
      controllers: [SavedSearchesController],
      providers: [
        { provide: DIGEST_EVERY_MS, useValue: digestEveryMs },
        SavedSearchesService,
        SavedSearchAlerts,
        SendSavedSearchDigests,
        SavedSearchDigestScheduler,
        SavedSearchDigestProcessor,
      ],
      exports: [SavedSearchAlerts, SendSavedSearchDigests],
    };
  }
}
