import { Module } from '@nestjs/common';
import { ApprovalController } from './approval.controller.js';
import { ApproveProperty } from './approve-property.js';

@Module({
  controllers: [ApprovalController],
  providers: [ApproveProperty],
  exports: [ApproveProperty],
})
export class ApprovalModule {}
