import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import express from 'express';
import { z } from 'zod';
import type { RouteDoc } from '@manzil/nest-kit';
import { SigningKey } from '../nafath/signing-key.js';
import type { GoogleSandboxOptions } from './google.config.js';
import { GoogleController, mintSchema } from './google.controller.js';
import { GOOGLE_OPTIONS, GOOGLE_SIGNING_KEY, GoogleIssuerService } from './google.service.js';

export const GOOGLE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/.well-known/openid-configuration',
    summary: 'Google OIDC: discovery document (bare JSON)',
    results: z.record(z.string(), z.unknown()),
    answers: 'json',
    protocol: 'google',
  },
  {
    method: 'get',
    path: '/oauth2/v3/certs',
    summary: 'Google OIDC: JWKS of the ID tokens (bare JSON)',
    results: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
    answers: 'json',
    protocol: 'google',
  },
  {
    method: 'get',
    path: '/o/oauth2/v2/auth',
    summary:
      'Google OIDC: consent page (HTML); client_id, redirect_uri, response_type=id_token|code, state, nonce',
    results: z.string(),
    answers: 'html',
    protocol: 'google',
  },
  {
    method: 'post',
    path: '/o/oauth2/v2/auth',
    summary: 'Google OIDC: the consent form posted back (form-encoded); redirects to redirect_uri',
    results: z.string(),
    answers: 'html',
    protocol: 'google',
  },
  {
    method: 'post',
    path: '/token',
    summary: 'Google OIDC: authorization code → { id_token, access_token } (form or JSON, bare JSON)',
    results: z.record(z.string(), z.unknown()),
    answers: 'json',
    protocol: 'google',
  },
  {
    method: 'post',
    path: '/sandbox/google/id-token',
    summary: 'Sandbox control: mint an ID token (claims to taste)',
    body: mintSchema,
    results: z.object({ id_token: z.string() }),
  },
];

/** A Google-compatible OpenID Connect issuer with its own keys. */
@Module({})
export class GoogleSandboxModule implements NestModule {
  static forRoot(options: GoogleSandboxOptions): DynamicModule {
    return {
      module: GoogleSandboxModule,
      controllers: [GoogleController],
      providers: [
        { provide: GOOGLE_OPTIONS, useValue: options },
        { provide: GOOGLE_SIGNING_KEY, useFactory: () => new SigningKey(options.privateKeyPem) },
        GoogleIssuerService,
      ],
    };
  }

  /** The consent form and the token endpoint are form-encoded, as Google's are. */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(express.urlencoded({ extended: false, limit: '64kb' }))
      .forRoutes(
        { path: 'token', method: RequestMethod.POST },
        { path: 'o/oauth2/v2/auth', method: RequestMethod.POST },
      );
  }
}
