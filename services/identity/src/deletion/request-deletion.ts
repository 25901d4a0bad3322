import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import { accountDeletedV1, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { AppException } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { Account } from '../accounts/account.entity.js';
import { OtpService, type OtpTiming } from '../otp/otp.service.js';
import { requestId } from '../shared/request-id.js';
import { TokensService } from '../tokens/tokens.service.js';
import { DeletionRequest } from './deletion-request.entity.js';

/**
 * Spec §4 account deletion: an OTP to the account's mobile, then the request. The account
 * is deactivated at once (sessions revoked, login refused) and anonymised by
 * AnonymiseDeletedAccounts after the grace period.
 */
@Injectable()
export class RequestDeletion {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
    private readonly otp: OtpService,
    private readonly tokens: TokensService,
  ) {}

  async sendOtp(site: Site, accountId: string): Promise<OtpTiming> {
    const account = await this.account(site, accountId);
    return this.otp.request(this.target(account), account.language);
  }

  async execute(
    site: Site,
    accountId: string,
    otp: string,
    reason: string | undefined,
    now = new Date(),
  ): Promise<{ eraseAfter: string }> {
    const account = await this.account(site, accountId);
    await this.otp.verify(this.target(account), otp);
    const eraseAfter = new Date(now.getTime() + this.config.DELETION_GRACE_DAYS * 24 * 3600 * 1000);
    await this.dataSource.transaction(async (manager) => {
      await manager.update(Account, { id: account.id }, { status: 'deleted' });
      await manager.insert(DeletionRequest, {
        accountId: account.id,
        site,
        reason: reason ?? null,
        requestedAt: now,
        eraseAfter,
      });
      await this.tokens.revokeAll(account.id, manager);
      await enqueue(
        manager,
        TOPICS.identityAccount,
        newEvent(
          accountDeletedV1,
          site,
          account.id,
          { accountId: account.id, eraseAfter: eraseAfter.toISOString() },
          requestId(),
        ),
      );
    });
    return { eraseAfter: eraseAfter.toISOString() };
  }

  private async account(site: Site, id: string): Promise<Account> {
    const account = await this.dataSource
      .getRepository(Account)
      .findOneBy({ site, id, status: Not('deleted') });
    if (!account) throw new AppException('NOT_FOUND');
    // An account without a mobile (Google-only) cannot receive the code.
    if (!account.mobile || !account.countryCode) throw new AppException('VALIDATION_FAILED', 422);
    return account;
  }

  private target(account: Account) {
    return {
      site: account.site,
      purpose: 'delete' as const,
      countryCode: account.countryCode ?? '',
      mobile: account.mobile ?? '',
    };
  }
}
