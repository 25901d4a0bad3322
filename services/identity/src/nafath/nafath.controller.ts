import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { IDENTITY_API, nafathRequestSchema, type Language, type Site } from '@manzil/contracts';
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
import { NafathService } from './nafath.service.js';

export const nafathStatusQuerySchema = z.object({ transId: z.string().min(1).max(100) });
/** What the provider posts. */
export const nafathCallbackSchema = z.object({
  token: z.string().min(1),
  transId: z.string().min(1).max(100),
  requestId: z.string().max(100).optional(),
});

/** Nafath is a Saudi service: the UAE site does not offer it. */
function saudiOnly(site: Site): void {
  if (site !== 'sa') throw new AppException('SITE_MISMATCH');
}

@Controller()
export class NafathController {
  constructor(private readonly nafath: NafathService) {}

  @Post(IDENTITY_API.nafathRequest)
  @HttpCode(200)
  @Authenticated()
  request(
    @Body(new ZodPipe(nafathRequestSchema)) body: z.infer<typeof nafathRequestSchema>,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ) {
    saudiOnly(site);
    return this.nafath.request(site, user.id, body.nationalId, language);
  }

  @Get(IDENTITY_API.nafathStatus)
  @Authenticated()
  status(
    @Query(new ZodPipe(nafathStatusQuerySchema)) query: z.infer<typeof nafathStatusQuerySchema>,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
  ) {
    saudiOnly(site);
    return this.nafath.status(site, user.id, query.transId);
  }

  /** Public: called by the provider, trusted only through its signed token. */
  @Post(IDENTITY_API.nafathCallback)
  @Public()
  @HttpCode(200)
  callback(@Body(new ZodPipe(nafathCallbackSchema)) body: z.infer<typeof nafathCallbackSchema>) {
    return this.nafath.callback(body);
  }
}
