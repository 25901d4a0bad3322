import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { unitBookingParamsSchema, type Site, type UnitBooking } from '@manzil/contracts';
import { CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { BookUnit } from './book-unit.js';

/** Online booking of a project unit: customers, on the Saudi site (the rules live in BookUnit). */
@Controller('v1/units')
export class UnitBookingsController {
  constructor(private readonly bookUnit: BookUnit) {}

  @Post(':unitId/bookings')
  @Roles('user')
  @HttpCode(201)
  book(
    @Param(new ZodPipe(unitBookingParamsSchema)) params: { unitId: string },
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
  ): Promise<UnitBooking> {
    return this.bookUnit.execute(user, site, params.unitId);
  }
}
