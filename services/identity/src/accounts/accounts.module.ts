import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { RouteDoc } from '@manzil/nest-kit';
import { Account } from './account.entity.js';
import { accountViewSchema } from './account.schema.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

export const ACCOUNT_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/accounts/me',
    summary: 'The signed-in account',
    results: accountViewSchema,
    roles: ['any signed-in'],
  },
];

/** Global: Nafath and Google sign-in find, create and mark accounts through AccountsService. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Account])],
  controllers: [AccountsController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
