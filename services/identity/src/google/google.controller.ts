import { Body, Controller, Get, HttpCode, Logger, Post } from '@nestjs/common';
import type { z } from 'zod';
import {
  GOOGLE_SIGNUP_CUSTOMERS_ONLY,
  googleSignInSchema,
  IDENTITY_API,
  type GoogleConfig,
  type Language,
  type LoginResults,
  type Site,
} from '@manzil/contracts';
import { AppException, CurrentLanguage, CurrentSite, ZodPipe } from '@manzil/nest-kit';
import { AccountsService } from '../accounts/index.js';
import { TokensService } from '../tokens/index.js';
import { GoogleVerifier, InvalidIdToken } from './google-verifier.js';

@Controller()
export class GoogleController {
  private readonly logger = new Logger('google');

  constructor(
    private readonly verifier: GoogleVerifier,
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
  ) {}

  /** Where the browser starts Google sign-in (the issuer's authorization endpoint) and our client id. */
  @Get(IDENTITY_API.googleConfig)
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
   * Sign-in and sign-up with Google: a verified ID token → the account of that e-mail on
   * this site (created when there is none) → a session like any login. Google sign-up makes
   * customers only: a new account asked for as agent or company (they need BRN/ORN and a
   * picture or logo) → 422 with GOOGLE_SIGNUP_CUSTOMERS_ONLY on `role`; existing agent and
   * company accounts still sign in.
   */
  @Post(IDENTITY_API.google)
  @HttpCode(200)
  async signIn(
    @Body(new ZodPipe(googleSignInSchema)) body: z.infer<typeof googleSignInSchema>,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<LoginResults> {
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
    let account = await this.accounts.findByEmail(site, identity.email);
    if (!account && body.role !== 'user') {
      throw new AppException('FORBIDDEN', 422, [
        { field: 'role', message: GOOGLE_SIGNUP_CUSTOMERS_ONLY[language] },
      ]);
    }
    if (!account) {
      try {
        account = await this.accounts.createFromGoogle({
          site,
          role: 'user',
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
          picture: identity.picture,
        });
      } catch (error) {
        // Two first sign-ins at once: the other one created it.
        account = await this.accounts.findByEmail(site, identity.email);
        if (!account) throw error;
      }
    }
    if (account.status !== 'active') throw new AppException('ACCOUNT_INACTIVE', 403);
    return this.tokens.issue(account);
  }
}
