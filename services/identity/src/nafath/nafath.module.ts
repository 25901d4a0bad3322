import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { z } from 'zod';
import {
  IDENTITY_API,
  nafathRequestResultsSchema,
  nafathRequestSchema,
  nafathStatusSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import { NafathClient, NAFATH_SETTINGS } from './nafath.client.js';
import { nafathSettings, type NafathEnv } from './nafath.config.js';
import { nafathCallbackSchema, NafathController, nafathStatusQuerySchema } from './nafath.controller.js';
import { NafathRequest } from './nafath-request.entity.js';
import { NafathService } from './nafath.service.js';

export const NAFATH_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: IDENTITY_API.nafathRequest,
    summary: 'Nafath: start a request (Saudi site; resend only after the previous one ended)',
    body: nafathRequestSchema,
    results: nafathRequestResultsSchema,
    roles: ['any signed-in'],
  },
  {
    method: 'get',
    path: IDENTITY_API.nafathStatus,
    summary: 'Nafath: where the request stands (COMPLETED once the account is verified)',
    query: nafathStatusQuerySchema,
    results: z.object({ status: nafathStatusSchema }),
    roles: ['any signed-in'],
  },
  {
    method: 'post',
    path: IDENTITY_API.nafathCallback,
    summary: "Nafath: the provider's callback (public; RS256 token verified against the provider's JWKS)",
    body: nafathCallbackSchema,
    results: z.object({ status: nafathStatusSchema }),
  },
];

/**
 * Nafath (Saudi site only). Needs AccountsService (global AccountsModule), TypeORM and the
 * outbox in the application. `forRoot(config)` takes identity's validated config.
 */
@Module({})
export class NafathModule {
  static forRoot(config: NafathEnv): DynamicModule {
    return {
      module: NafathModule,
      imports: [TypeOrmModule.forFeature([NafathRequest])],
      controllers: [NafathController],
      providers: [
        { provide: NAFATH_SETTINGS, useValue: nafathSettings(config) },
        NafathClient,
        NafathService,
      ],
    };
  }
}
