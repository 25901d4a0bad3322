import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { RouteDoc } from '@manzil/nest-kit';
import { Account } from './account.entity.js';
import { accountViewSchema } from './account.schema.js';
import { AccountsController } from './accounts.controller.js';

export const ACCOUNT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/accounts/me',
    summary: 'The signed-in account',
    results: accountViewSchema,
    roles: ['any signed-in'],
  },
];

@Module({
  imports: [TypeOrmModule.forFeature([Account])],
  controllers: [AccountsController],
})
export class AccountsModule {}
