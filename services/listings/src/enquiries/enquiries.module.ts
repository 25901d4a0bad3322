import { Module } from '@nestjs/common';
import { EnquiriesController } from './enquiries.controller.js';
import { EnquiriesService } from './enquiries.service.js';

@Module({ controllers: [EnquiriesController], providers: [EnquiriesService] })
export class EnquiriesModule {}
