import { type DynamicModule, Module } from '@nestjs/common';
import { googleConfigSchema, googleSignInSchema, IDENTITY_API, loginResultsSchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import { googleSettings, type GoogleEnv } from './google.config.js';
import { GoogleController } from './google.controller.js';
import { GOOGLE_SETTINGS, GoogleVerifier } from './google-verifier.js';

export const GOOGLE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: IDENTITY_API.googleConfig,
    summary: "Google sign-in: the issuer's authorization endpoint and our client id",
    results: googleConfigSchema,
  },
  {
    method: 'post',
    path: IDENTITY_API.google,
    summary: 'Google sign-in / sign-up: a verified ID token → login results',
    body: googleSignInSchema,
    results: loginResultsSchema,
  },
];

/** Google sign-in. Needs the global AccountsModule and TokensModule in the application. */
@Module({})
export class GoogleModule {
  static forRoot(config: GoogleEnv): DynamicModule {
    return {
      module: GoogleModule,
      controllers: [GoogleController],
      providers: [{ provide: GOOGLE_SETTINGS, useValue: googleSettings(config) }, GoogleVerifier],
    };
  }
}
