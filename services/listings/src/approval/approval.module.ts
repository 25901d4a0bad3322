import { Module } from '@nestjs/common';
import { LocationsModule } from '../locations/locations.module.js';
import { ApprovalController } from './approval.controller.js';
import { ApproveProperty } from './approve-property.js';
import { ModerationService } from './moderation.service.js';
import { RejectProperty } from './reject-property.js';

@Module({
  imports: [LocationsModule],
  controllers: [ApprovalController],
  providers: [ApproveProperty, RejectProperty, ModerationService],
  exports: [ApproveProperty],
})
export class ApprovalModule {}
