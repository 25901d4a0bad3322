import { type DynamicModule, Module } from '@nestjs/common';
import { createObjectStorage, OBJECT_STORAGE } from '@manzil/storage';
import type { ServiceConfig } from '../config.js';
import { DraftsModule } from '../drafts/drafts.module.js';
import { DEFAULT_MEDIA_DIR } from '../photos/photos.service.js';
import { VideosController } from './videos.controller.js';
import { VideosService } from './videos.service.js';

/** Video files of listings, in the same object storage as the photos and documents. */
@Module({})
export class VideosModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: VideosModule,
      imports: [DraftsModule],
      controllers: [VideosController],
      providers: [
        { provide: OBJECT_STORAGE, useValue: createObjectStorage(config, { defaultDir: DEFAULT_MEDIA_DIR }) },
        VideosService,
      ],
    };
  }
}
