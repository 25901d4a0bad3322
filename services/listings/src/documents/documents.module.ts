import { type DynamicModule, Module } from '@nestjs/common';
import { createObjectStorage, OBJECT_STORAGE } from '@manzil/storage';
import type { ServiceConfig } from '../config.js';
import { DraftsModule } from '../drafts/drafts.module.js';
import { DEFAULT_MEDIA_DIR } from '../photos/photos.service.js';
import { DocumentsController } from './documents.controller.js';
import { DocumentsService } from './documents.service.js';

/** Document files of listings, in the same object storage as the photos. */
@Module({})
export class DocumentsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: DocumentsModule,
      imports: [DraftsModule],
      controllers: [DocumentsController],
      providers: [
        { provide: OBJECT_STORAGE, useValue: createObjectStorage(config, { defaultDir: DEFAULT_MEDIA_DIR }) },
        DocumentsService,
      ],
    };
  }
}
