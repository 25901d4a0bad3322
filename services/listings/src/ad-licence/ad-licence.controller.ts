import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import {
  adLicenceCheckRequestSchema,
  propertyIdParamsSchema,
  type AdLicenceCheckRequest,
  type Site,
} from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { CheckAdLicence } from './check-ad-licence.js';

/** The Saudi wizard's ad-licence step (spec §7 "advertisement-validator"). */
@Controller()
@Roles('agent', 'company')
export class AdLicenceController {
  constructor(private readonly checkAdLicence: CheckAdLicence) {}

  @Post('v1/properties/:id/ad-licence')
  @HttpCode(200)
  check(
    @Param(new ZodPipe(propertyIdParamsSchema)) params: { id: string },
    @Body(new ZodPipe(adLicenceCheckRequestSchema)) request: AdLicenceCheckRequest,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ) {
    return this.checkAdLicence.execute({ user, site, propertyId: params.id, request });
  }
}
