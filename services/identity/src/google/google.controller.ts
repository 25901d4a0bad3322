import { Body, Controller, Get, HttpCode, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import {
  GOOGLE_LINK_REQUIRED_MESSAGE,
  googleLinkSchema,
  googleSignInSchema,
  googleTicketSchema,
  IDENTITY_API,
  type GoogleConfig,
  type Language,
  type LoginResults,
  type Site,
} from '@manzil/contracts';
import { AppException, CurrentLanguage, CurrentSite, Public, withMessage, ZodPipe } from '@manzil/nest-kit';
import type { OtpTiming } from '../otp/otp.service.js';
import { ClientIp } from '../shared/client-ip.js';
import { RateLimiter } from '../shared/rate-limiter.js';
import { GoogleSignIn } from './google-sign-in.service.js';
import { GoogleVerifier, InvalidIdToken } from './google-verifier.js';

@Controller()
export class GoogleController {
  private readonly logger = new Logger('google');

  constructor(
    private readonly verifier: GoogleVerifier,
    private readonly google: GoogleSignIn,
    private readonly limiter: RateLimiter,
  ) {}

  /** Where the browser starts Google sign-in (the issuer's authorization endpoint) and our client id. */
  @Get(IDENTITY_API.googleConfig)
  @Public()
  async config(): Promise<GoogleConfig> {
    try {
      return {
        authorizationEndpoint: await this.verifier.authorizationEndpoint(),
        clientId: this.verifier.clientId,
      };
    } catch (error) {
      this.logger.error({ err: String(error) }, 'Google authorization endpoint unknown');
      throw new AppException('SERVICE_UNAVAILABLE');
    }
  }

  /**
   * Sign-in and sign-up with Google: a verified ID token → the account linked to that Google
   * account, or the account whose e-mail it proved, or a new customer account → a session
   * (200). When an account of the site holds the e-mail without having proved it, 202 with a
   * link ticket: its owner proves it first (see GoogleSignIn). Google sign-up makes customers
   * only: a new account asked for as agent or company → 422 with GOOGLE_SIGNUP_CUSTOMERS_ONLY
   * on `role`; existing agent and company accounts still sign in.
   */
  @Post(IDENTITY_API.google)
  @Public()
  @HttpCode(200)
  async signIn(
    @Body(new ZodPipe(googleSignInSchema)) body: z.infer<typeof googleSignInSchema>,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResults | ReturnType<typeof withMessage>> {
    let identity;
    try {
      identity = await this.verifier.verify(body.idToken, body.nonce);
    } catch (error) {
      if (error instanceof InvalidIdToken) {
        this.logger.warn({ reason: error.message }, 'Google ID token refused');
        throw new AppException('UNAUTHORIZED');
      }
      throw new AppException('SERVICE_UNAVAILABLE');
    }
    const outcome = await this.google.signIn(site, language, identity, body.role);
    if (outcome.kind === 'session') return outcome.results;
    response.status(202);
    return withMessage(outcome.results, GOOGLE_LINK_REQUIRED_MESSAGE[language]);
  }

  /** A code to the verified mobile of the account the ticket found (limited like a resend). */
  @Post(IDENTITY_API.googleLinkOtp)
  @Public()
  @HttpCode(200)
  async linkOtp(
    @Body(new ZodPipe(googleTicketSchema)) body: z.infer<typeof googleTicketSchema>,
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
  ): Promise<OtpTiming> {
    await this.limiter.hit('otp-resend', { site, ip });
    return this.google.sendLinkOtp(site, body.ticket);
  }

  /** The account proved with its password or the code: Google linked, a session (limited like a login). */
  @Post(IDENTITY_API.googleLink)
  @Public()
  @HttpCode(200)
  async link(
    @Body(new ZodPipe(googleLinkSchema)) body: z.infer<typeof googleLinkSchema>,
    @CurrentSite() site: Site,
    @ClientIp() ip: string,
  ): Promise<LoginResults> {
    await this.limiter.hit(body.password !== undefined ? 'login' : 'otp-verify', { site, ip });
    return this.google.link(site, body.ticket, body);
  }

  /** Not my account: a separate customer account with the e-mail Google proved. */
  @Post(IDENTITY_API.googleSeparate)
  @Public()
  @HttpCode(200)
  async separate(
    @Body(new ZodPipe(googleTicketSchema)) body: z.infer<typeof googleTicketSchema>,
    @CurrentSite() site: Site,
  ): Promise<LoginResults> {
    return this.google.separate(site, body.ticket);
  }
}
