import { Module } from '@nestjs/common';
import { ProjectEventsController } from './project-events.controller.js';
import { ProjectReadStore } from './project-read.store.js';
import { ProjectsController } from './projects.controller.js';

/** Projects and their units: the read model fed by listings' events, and the public API. */
@Module({ controllers: [ProjectEventsController, ProjectsController], providers: [ProjectReadStore] })
export class ProjectsModule {}
