import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { accountDeletionSchema, type Site } from '@manzil/contracts';
import { Authenticated, CurrentSite, CurrentUser, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import type { OtpTiming } from '../otp/otp.service.js';
import { RequestDeletion } from './request-deletion.js';

@Controller('v1/account/deletion')
@Authenticated()
export class DeletionController {
  constructor(private readonly deletion: RequestDeletion) {}

  @Post('otp')
  @HttpCode(200)
  sendOtp(@CurrentUser() user: AuthUser, @CurrentSite() site: Site): Promise<OtpTiming> {
    return this.deletion.sendOtp(site, user.id);
  }

  @Post()
  @HttpCode(200)
  request(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @Body(new ZodPipe(accountDeletionSchema)) body: z.infer<typeof accountDeletionSchema>,
  ): Promise<{ eraseAfter: string }> {
    return this.deletion.execute(site, user.id, body.otp, body.reason);
  }
}
