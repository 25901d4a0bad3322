import { Module } from '@nestjs/common';
import { PropertiesController } from './properties.controller.js';

/** The engine and the cache come from the global ReadModelModule. */
@Module({ controllers: [PropertiesController] })
export class PropertiesModule {}
