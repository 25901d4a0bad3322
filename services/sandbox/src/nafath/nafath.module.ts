import { type DynamicModule, Module } from '@nestjs/common';
import type { RouteDoc } from '@manzil/nest-kit';
import { z } from 'zod';
import type { NafathSandboxOptions } from './nafath.config.js';
import { NafathAppGuard, NafathProviderController } from './nafath-provider.controller.js';
import {
  callbackUrlSchema,
  listRequestsQuerySchema,
  NafathSandboxController,
} from './nafath-sandbox.controller.js';
import {
  mfaRequestBodySchema,
  mfaRequestQuerySchema,
  mfaRequestResultSchema,
  mfaStatusBodySchema,
  mfaStatusResultSchema,
} from './nafath.schema.js';
import { NAFATH_SIGNING_KEY, NafathSandboxService } from './nafath.service.js';
import { NAFATH_OPTIONS, NafathStore } from './nafath.store.js';
import { SigningKey } from './signing-key.js';

const decisionSchema = z.object({
  transId: z.uuid(),
  status: z.enum(['COMPLETED', 'REJECTED', 'EXPIRED']),
  callback: z.object({
    url: z.string().nullable(),
    status: z.number().nullable(),
    error: z.string().optional(),
  }),
});

export const NAFATH_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/sandbox/nafath',
    summary:
      "Sandbox control: the Nafath app's stand-in page (waiting requests, Approve / Reject / Let expire)",
    results: z.string(),
    answers: 'html',
  },
  {
    method: 'post',
    path: '/api/v1/mfa/request',
    summary: 'Nafath: start a request (APP-ID/APP-KEY headers; bare JSON, not the envelope)',
    query: mfaRequestQuerySchema,
    body: mfaRequestBodySchema,
    results: mfaRequestResultSchema,
    answers: 'json',
    protocol: 'nafath',
  },
  {
    method: 'post',
    path: '/api/v1/mfa/request/status',
    summary: 'Nafath: status of a request (APP-ID/APP-KEY headers; bare JSON)',
    body: mfaStatusBodySchema,
    results: mfaStatusResultSchema,
    answers: 'json',
    protocol: 'nafath',
  },
  {
    method: 'get',
    path: '/api/v1/mfa/jwk',
    summary: 'Nafath: JWKS of the callback tokens (APP-ID/APP-KEY headers; bare JSON)',
    results: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
    answers: 'json',
    protocol: 'nafath',
  },
  {
    method: 'get',
    path: '/sandbox/nafath/requests',
    summary: 'Sandbox control: latest Nafath requests with their status',
    query: listRequestsQuerySchema,
    results: z.array(z.record(z.string(), z.unknown())),
  },
  {
    method: 'post',
    path: '/sandbox/nafath/:transId/approve',
    summary: 'Sandbox control: the person approves (callback posted)',
    params: z.object({ transId: z.uuid() }),
    results: decisionSchema,
  },
  {
    method: 'post',
    path: '/sandbox/nafath/:transId/reject',
    summary: 'Sandbox control: the person rejects (callback posted)',
    params: z.object({ transId: z.uuid() }),
    results: decisionSchema,
  },
  {
    method: 'post',
    path: '/sandbox/nafath/:transId/expire',
    summary: 'Sandbox control: the request runs out now',
    params: z.object({ transId: z.uuid() }),
    results: decisionSchema,
  },
  {
    method: 'put',
    path: '/sandbox/nafath/callback-url',
    summary: 'Sandbox control: where callbacks go (null: NAFATH_CALLBACK_URL)',
    body: callbackUrlSchema,
    results: z.object({ url: z.string().nullable() }),
  },
];

/** Nafath's MFA API (same protocol as the provider) and the controls that play the person. */
@Module({})
export class NafathSandboxModule {
  static forRoot(options: NafathSandboxOptions): DynamicModule {
    return {
      module: NafathSandboxModule,
      controllers: [NafathProviderController, NafathSandboxController],
      providers: [
        { provide: NAFATH_OPTIONS, useValue: options },
        { provide: NAFATH_SIGNING_KEY, useFactory: () => new SigningKey(options.privateKeyPem) },
        NafathStore,
        NafathSandboxService,
        NafathAppGuard,
      ],
    };
  }
}
