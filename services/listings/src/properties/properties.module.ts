import { Module } from '@nestjs/common';
import { PropertiesController } from './properties.controller.js';
import { PropertiesService } from './properties.service.js';

@Module({ controllers: [PropertiesController], providers: [PropertiesService] })
export class PropertiesModule {}
