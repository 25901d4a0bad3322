import { type DynamicModule, Module } from '@nestjs/common';
import { createObjectStorage, OBJECT_STORAGE } from '@manzil/storage';
import type { ServiceConfig } from '../config.js';
import { LocationsModule } from '../locations/locations.module.js';
import { DEFAULT_MEDIA_DIR } from '../photos/photos.service.js';
import { ProjectsController } from './projects.controller.js';
import { ProjectsService } from './projects.service.js';

/** Projects and units; brochures in the same object storage as photos and documents. */
@Module({})
export class ProjectsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: ProjectsModule,
      imports: [LocationsModule],
      controllers: [ProjectsController],
      providers: [
        { provide: OBJECT_STORAGE, useValue: createObjectStorage(config, { defaultDir: DEFAULT_MEDIA_DIR }) },
        ProjectsService,
      ],
    };
  }
}
