import { Module } from '@nestjs/common';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { PropertiesController } from './properties.controller.js';

@Module({ imports: [ReadModelModule], controllers: [PropertiesController] })
export class PropertiesModule {}
