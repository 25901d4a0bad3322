import { Module } from '@nestjs/common';
import { AccountEventsController } from './account-events.controller.js';

@Module({ controllers: [AccountEventsController] })
export class AccountsModule {}
