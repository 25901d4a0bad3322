import { type DynamicModule, Module } from '@nestjs/common';
import {
  googleConfigSchema,
  googleLinkSchema,
  googleSignInResultsSchema,
  googleSignInSchema,
  googleTicketSchema,
  IDENTITY_API,
  loginResultsSchema,
  otpTimingSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import { googleSettings, type GoogleEnv } from './google.config.js';
import { GoogleController } from './google.controller.js';
import { GoogleSignIn } from './google-sign-in.service.js';
import { GOOGLE_SETTINGS, GoogleVerifier } from './google-verifier.js';
import { LinkTicketStore } from './link-ticket.store.js';

export const GOOGLE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: IDENTITY_API.googleConfig,
    summary: "Google sign-in: the issuer's authorization endpoint and our client id",
    results: googleConfigSchema,
    roles: ['anyone'],
  },
  {
    method: 'post',
    path: IDENTITY_API.google,
    summary:
      'Google sign-in / sign-up: a verified ID token → 200 login results, or 202 link ticket when an account holds the e-mail unproved',
    body: googleSignInSchema,
    results: googleSignInResultsSchema,
    roles: ['anyone'],
  },
  {
    method: 'post',
    path: IDENTITY_API.googleLinkOtp,
    summary: "Google link: a code to the verified mobile of the ticket's account",
    body: googleTicketSchema,
    results: otpTimingSchema,
    roles: ['anyone'],
  },
  {
    method: 'post',
    path: IDENTITY_API.googleLink,
    summary: "Google link: the ticket's account proved (password or OTP) → Google linked, login results",
    body: googleLinkSchema,
    results: loginResultsSchema,
    roles: ['anyone'],
  },
  {
    method: 'post',
    path: IDENTITY_API.googleSeparate,
    summary: 'Google link declined: a separate customer account takes the e-mail Google proved',
    body: googleTicketSchema,
    results: loginResultsSchema,
    roles: ['anyone'],
  },
];

/** Google sign-in. Needs the global AccountsModule, TokensModule and CoreModule (OTP, rate limits) in the application. */
@Module({})
export class GoogleModule {
  static forRoot(config: GoogleEnv): DynamicModule {
    return {
      module: GoogleModule,
      controllers: [GoogleController],
      providers: [
        { provide: GOOGLE_SETTINGS, useValue: googleSettings(config) },
        GoogleVerifier,
        GoogleSignIn,
        LinkTicketStore,
      ],
    };
  }
}
