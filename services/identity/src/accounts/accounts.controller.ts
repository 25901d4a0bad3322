import { Controller, Get } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, Repository } from 'typeorm';
import type { Site } from '@manzil/contracts';
import { AppException, Authenticated, CurrentSite, CurrentUser, type AuthUser } from '@manzil/nest-kit';
import { Account } from './account.entity.js';
import { toAccountView, type AccountView } from './account.schema.js';

@Controller('v1/accounts')
export class AccountsController {
  constructor(@InjectRepository(Account) private readonly accounts: Repository<Account>) {}

  /** The account of the token, on the token's site (the guard refuses a token of the other site). */
  @Get('me')
  @Authenticated()
  async me(@CurrentUser() user: AuthUser, @CurrentSite() site: Site): Promise<AccountView> {
    const account = await this.accounts.findOneBy({ id: user.id, site, status: Not('deleted') });
    if (!account) throw new AppException('NOT_FOUND');
    return toAccountView(account);
  }
}
