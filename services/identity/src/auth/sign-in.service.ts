import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import type { AccountRole, LoginResults, loginRequestSchema, Site, verifyOtpSchema } from '@manzil/contracts';
import { AppException, REDIS } from '@manzil/nest-kit';
import { Account } from '../accounts/account.entity.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { OtpService, type OtpPurpose, type OtpTiming } from '../otp/otp.service.js';
import { hashPassword, verifyPassword } from '../shared/passwords.js';
import { REDIS_PREFIX } from '../shared/redis-keys.js';
import { TokensService } from '../tokens/tokens.service.js';
import { publishDirectoryEntry } from '../directory/agent-contact.js';
import { publishAccountChannels } from '../accounts/account-channels.js';
import { UnverifiedAccountException } from './unverified-account.exception.js';

export type AccountKind = 'customer' | 'agent' | 'company';
type LoginRequest = z.infer<typeof loginRequestSchema>;
type VerifyOtp = z.infer<typeof verifyOtpSchema>;

/** Which roles sign in on each login page; the admin uses the default (customer) page. */
const ROLES_OF_KIND: Record<AccountKind, AccountRole[]> = {
  customer: ['user', 'admin'],
  agent: ['agent'],
  company: ['company'],
};

const RESET_TOKEN_SECONDS = 10 * 60;

export type VerifyOtpResults = LoginResults | { resetToken: string } | { deletionToken: null };

/** Login, OTP verification and resend, forgot and reset password. */
@Injectable()
export class SignInService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_PREFIX) private readonly prefix: string,
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly otp: OtpService,
  ) {}

  /**
   * Mobile + password on the login page of `kind`. An unknown number, a wrong password, an
   * account of another kind, another site or a deleted one all get the same 422 after the
   * same work (a password hash is verified in every case). A right password of an
   * unverified number → 403 with what /otpVerify needs, and a fresh OTP.
   */
  async login(site: Site, kind: AccountKind, request: LoginRequest): Promise<LoginResults> {
    const account = await this.accounts.findByMobile(site, request.countryCode, request.mobile);
    const passwordMatches = await verifyPassword(account?.passwordHash, request.password);
    if (
      !account ||
      !passwordMatches ||
      !ROLES_OF_KIND[kind].includes(account.role) ||
      account.status === 'deleted'
    ) {
      throw new AppException('INVALID_CREDENTIALS', 422);
    }
    if (account.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 422);
    if (!account.verified) {
      const target = {
        site,
        purpose: 'signup' as const,
        countryCode: request.countryCode,
        mobile: request.mobile,
      };
      // A code sent moments ago (registration, a previous attempt) is still good: resend only after the cooldown.
      await this.otp.request(target, account.language).catch((error: unknown) => {
        if (!(error instanceof AppException && error.code === 'OTP_COOLDOWN')) throw error;
      });
      throw new UnverifiedAccountException({
        verified: false,
        countryCode: request.countryCode,
        mobile: request.mobile,
        purpose: 'signup',
      });
    }
    return this.tokens.issue(account);
  }

  /**
   * signup: the mobile is verified and the person is signed in; login: signed in; reset: a
   * one-time reset token; delete: the code is checked but kept (the deletion request takes it).
   */
  async verifyOtp(site: Site, request: VerifyOtp): Promise<VerifyOtpResults> {
    const target = {
      site,
      purpose: request.purpose,
      countryCode: request.countryCode,
      mobile: request.mobile,
    };
    await this.otp.verify(target, request.otp, { keep: request.purpose === 'delete' });
    const account = await this.accounts.findByMobile(site, request.countryCode, request.mobile);
    if (!account || account.status === 'deleted') throw new AppException('OTP_EXPIRED', 422);
    switch (request.purpose) {
      case 'signup':
      case 'login':
        if (account.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 422);
        if (!account.verified) {
          account.verified = true;
          await this.dataSource.transaction(async (manager) => {
            await manager.update(Account, { id: account.id }, { verified: true });
            // A verified agent or company enters the directory: search learns how to reach the agent, listings the names.
            await publishDirectoryEntry(manager, account);
            // The mobile is proved: notices may go to it now.
            await publishAccountChannels(manager, account);
          });
        }
        return this.tokens.issue(account);
      case 'reset':
        return { resetToken: await this.newResetToken(account) };
      case 'delete':
        return { deletionToken: null };
    }
  }

  /** The same answer whether the number is registered or not; a code is sent only to an account that may use it. */
  async resendOtp(
    site: Site,
    request: { countryCode: string; mobile: string; purpose: OtpPurpose },
  ): Promise<OtpTiming> {
    const account = await this.accounts.findByMobile(site, request.countryCode, request.mobile);
    const eligible =
      account !== null && account.status === 'active' && this.mayReceive(account, request.purpose);
    return this.otp.request({ site, ...request }, eligible ? account.language : null);
  }

  async forgotPassword(site: Site, request: { countryCode: string; mobile: string }): Promise<OtpTiming> {
    return this.resendOtp(site, { ...request, purpose: 'reset' });
  }

  /** Sets the new password, proves the mobile (the code reached it) and ends every session. */
  async resetPassword(site: Site, resetToken: string, password: string): Promise<void> {
    const key = this.resetKey(resetToken);
    const owner = await this.redis.getdel(key);
    const [ownerSite, accountId] = (owner ?? '').split(':');
    if (!owner || ownerSite !== site) throw new AppException('INVALID_RESET_TOKEN', 422);
    const passwordHash = await hashPassword(password);
    await this.dataSource.transaction(async (manager) => {
      const updated = await manager.update(
        Account,
        { id: accountId, site, status: 'active' },
        { passwordHash, verified: true },
      );
      if (!updated.affected) throw new AppException('INVALID_RESET_TOKEN', 422);
      await publishAccountChannels(manager, accountId);
      await this.tokens.revokeAll(accountId, manager);
    });
  }

  private mayReceive(account: Account, purpose: OtpPurpose): boolean {
    if (purpose === 'signup') return !account.verified;
    if (purpose === 'login') return account.verified;
    return true;
  }

  private async newResetToken(account: Account): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.redis.set(this.resetKey(token), `${account.site}:${account.id}`, 'EX', RESET_TOKEN_SECONDS);
    return token;
  }

  private resetKey(token: string): string {
    return `${this.prefix}:reset:${createHash('sha256').update(token).digest('hex')}`;
  }
}
