import { Body, Controller, HttpCode, Param, Post, UseFilters } from '@nestjs/common';
import type { z } from 'zod';
import {
  forgotPasswordSchema,
  loginRequestSchema,
  refreshTokenSchema,
  registerAgentSchema,
  registerCompanySchema,
  registerCustomerSchema,
  resendOtpSchema,
  resetPasswordSchema,
  verifyOtpSchema,
  type Language,
  type LoginResults,
  type Site,
} from '@manzil/contracts';
import {
  AppException,
  Authenticated,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  Public,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import type { OtpTiming } from '../otp/otp.service.js';
import { ClientIp } from '../shared/client-ip.js';
import { RateLimiter } from '../shared/rate-limiter.js';
import { TokensService } from '../tokens/tokens.service.js';
import { RegisterAccount, type Registration } from './register-account.js';
import { SignInService, type AccountKind, type VerifyOtpResults } from './sign-in.service.js';
import { UnverifiedAccountFilter, type UnverifiedResults } from './unverified-account.exception.js';

const KINDS: AccountKind[] = ['customer', 'agent', 'company'];
const REGISTER_SCHEMAS = {
  customer: registerCustomerSchema,
  agent: registerAgentSchema,
  company: registerCompanySchema,
};

function kindOf(value: string): AccountKind {
  if (!KINDS.includes(value as AccountKind)) throw new AppException('NOT_FOUND');
  return value as AccountKind;
}

@Controller('v1/auth')
@UseFilters(UnverifiedAccountFilter)
export class AuthController {
  constructor(
    private readonly register: RegisterAccount,
    private readonly signIn: SignInService,
    private readonly tokens: TokensService,
    private readonly limiter: RateLimiter,
  ) {}

  /** 201 with unverifiedResults: an OTP is on its way to the mobile. */
  @Post('register/:kind')
  @Public()
  @HttpCode(201)
  async registerAccount(
    @Param('kind') kindParam: string,
    @Body() body: unknown,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<UnverifiedResults> {
    const kind = kindOf(kindParam);
    const parsed = new ZodPipe(REGISTER_SCHEMAS[kind]).transform(body);
    return this.register.execute(site, language, { kind, body: parsed } as Registration);
  }

  @Post('login/:kind')
  @Public()
  @HttpCode(200)
  async login(
    @Param('kind') kindParam: string,
    @Body(new ZodPipe(loginRequestSchema)) body: z.infer<typeof loginRequestSchema>,
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
  ): Promise<LoginResults> {
    const kind = kindOf(kindParam);
    await this.limiter.hit('login', { site, ip, countryCode: body.countryCode, mobile: body.mobile });
    return this.signIn.login(site, kind, body);
  }

  @Post('otp/verify')
  @Public()
  @HttpCode(200)
  async verifyOtp(
    @Body(new ZodPipe(verifyOtpSchema)) body: z.infer<typeof verifyOtpSchema>,
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
  ): Promise<VerifyOtpResults> {
    await this.limiter.hit('otp-verify', { site, ip, countryCode: body.countryCode, mobile: body.mobile });
    return this.signIn.verifyOtp(site, body);
  }

  @Post('otp/resend')
  @Public()
  @HttpCode(200)
  async resendOtp(
    @Body(new ZodPipe(resendOtpSchema)) body: z.infer<typeof resendOtpSchema>,
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
  ): Promise<OtpTiming> {
    await this.limiter.hit('otp-resend', { site, ip, countryCode: body.countryCode, mobile: body.mobile });
    return this.signIn.resendOtp(site, body);
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(200)
  async forgotPassword(
    @Body(new ZodPipe(forgotPasswordSchema)) body: z.infer<typeof forgotPasswordSchema>,
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
  ): Promise<OtpTiming> {
    await this.limiter.hit('forgot-password', {
      site,
      ip,
      countryCode: body.countryCode,
      mobile: body.mobile,
    });
    return this.signIn.forgotPassword(site, body);
  }

  @Post('reset-password')
  @Public()
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodPipe(resetPasswordSchema)) body: z.infer<typeof resetPasswordSchema>,
    @CurrentSite() site: Site,
  ): Promise<null> {
    await this.signIn.resetPassword(site, body.resetToken, body.password);
    return null;
  }

  @Post('refresh')
  @Public()
  @HttpCode(200)
  refresh(
    @Body(new ZodPipe(refreshTokenSchema)) body: z.infer<typeof refreshTokenSchema>,
    @CurrentSite() site: Site,
  ): Promise<LoginResults> {
    return this.tokens.refresh(site, body.refresh_token);
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  async logout(
    @Body(new ZodPipe(refreshTokenSchema)) body: z.infer<typeof refreshTokenSchema>,
    @CurrentSite() site: Site,
  ): Promise<null> {
    await this.tokens.logout(site, body.refresh_token);
    return null;
  }

  /** Every session of the account ends, this one too: refused by every service on its next request. */
  @Post('logout-everywhere')
  @Authenticated()
  @HttpCode(200)
  async logoutEverywhere(@CurrentUser() user: AuthUser): Promise<null> {
    await this.tokens.revokeAll(user.id);
    return null;
  }
}
