import { Body, Controller, HttpCode, Inject, Injectable, Logger, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, Not } from 'typeorm';
import type { z } from 'zod';
import {
  fieldMessage,
  IDENTITY_API,
  verifyEmailSchema,
  type AccountProfileWithEmail,
  type Language,
  type Site,
} from '@manzil/contracts';
import {
  AppException,
  Authenticated,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { Account } from '../accounts/account.entity.js';
import { publishAccountChannels } from '../accounts/account-channels.js';
import { toProfile } from '../accounts/account-profile.js';
import { OtpService, type OtpTiming } from '../otp/otp.service.js';
import { ClientIp } from '../shared/client-ip.js';
import { IDENTITY_CONFIG } from '../shared/config.token.js';
import { RateLimiter } from '../shared/rate-limiter.js';

/**
 * Proving an account's e-mail (spec §7 verify-email, resend OTP for e-mail): a 4-digit code
 * goes to the address at sign-up, when the address changes and on request; the signed-in
 * account sends it back. Login never waits for it (spec §4 looks at the mobile only).
 */
@Injectable()
export class EmailVerification {
  private readonly logger = new Logger('email-verification');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly otp: OtpService,
  ) {}

  /**
   * A code to the account's current address, now (sign-up, e-mail changed). Best effort: the
   * account is saved already and the profile can ask again, so a failure is logged, not thrown.
   */
  async sendQuietly(account: Pick<Account, 'id' | 'site' | 'email' | 'language'>): Promise<void> {
    if (!account.email) return;
    try {
      await this.otp.send(
        { site: account.site, purpose: 'email', accountId: account.id, email: account.email },
        account.language,
      );
    } catch (error) {
      this.logger.error({ err: String(error), accountId: account.id }, 'e-mail verification code not sent');
    }
  }

  /** A new code on request (cooldown applies); an address already verified gets nothing. */
  async resend(site: Site, accountId: string, language: Language): Promise<OtpTiming> {
    const account = await this.own(site, accountId);
    const email = requireEmail(account, language);
    return this.otp.request(
      { site, purpose: 'email', accountId, email },
      account.emailVerified ? null : account.language,
    );
  }

  async verify(site: Site, accountId: string, code: string, language: Language): Promise<Account> {
    const account = await this.own(site, accountId);
    const email = requireEmail(account, language);
    await this.otp.verify({ site, purpose: 'email', accountId, email }, code);
    // Only while the address is still the one the code went to.
    await this.dataSource.transaction(async (manager) => {
      const updated = await manager.update(Account, { id: account.id, email }, { emailVerified: true });
      if (updated.affected) await publishAccountChannels(manager, account.id);
    });
    return this.own(site, accountId);
  }

  private async own(site: Site, id: string): Promise<Account> {
    const account = await this.dataSource
      .getRepository(Account)
      .findOneBy({ id, site, status: Not('deleted') });
    if (!account) throw new AppException('NOT_FOUND');
    return account;
  }
}

function requireEmail(account: Account, language: Language): string {
  if (!account.email) {
    throw new AppException('VALIDATION_FAILED', 422, [
      { field: 'email', message: fieldMessage('email.required', language) },
    ]);
  }
  return account.email;
}

/** IDENTITY_API.verifyEmail and IDENTITY_API.resendEmailOtp, for the signed-in account. */
@Controller()
@Authenticated()
export class EmailVerificationController {
  constructor(
    private readonly verification: EmailVerification,
    private readonly limiter: RateLimiter,
    @Inject(IDENTITY_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Post(IDENTITY_API.verifyEmail)
  @HttpCode(200)
  async verify(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @ClientIp() ip: string,
    @Body(new ZodPipe(verifyEmailSchema)) body: z.infer<typeof verifyEmailSchema>,
  ): Promise<AccountProfileWithEmail> {
    await this.limiter.hit('otp-verify', { site, ip, accountId: user.id });
    const account = await this.verification.verify(site, user.id, body.otp, language);
    return toProfile(account, this.config.PUBLIC_PATH);
  }

  @Post(IDENTITY_API.resendEmailOtp)
  @HttpCode(200)
  async resend(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @ClientIp() ip: string,
  ): Promise<OtpTiming> {
    await this.limiter.hit('otp-resend', { site, ip, accountId: user.id });
    return this.verification.resend(site, user.id, language);
  }
}
