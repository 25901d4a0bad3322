import { type DynamicModule, Module } from '@nestjs/common';
import { createObjectStorage, OBJECT_STORAGE } from '@manzil/storage';
import type { ServiceConfig } from '../config.js';
import { PhotosController } from './photos.controller.js';
import { DEFAULT_MEDIA_DIR, PhotosService } from './photos.service.js';

@Module({})
export class PhotosModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: PhotosModule,
      controllers: [PhotosController],
      providers: [
        { provide: OBJECT_STORAGE, useValue: createObjectStorage(config, { defaultDir: DEFAULT_MEDIA_DIR }) },
        PhotosService,
      ],
    };
  }
}
