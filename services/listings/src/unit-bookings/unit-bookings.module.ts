import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { unitBookingParamsSchema, unitBookingSchema } from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import { LISTING_JOBS } from '../ad-licence/licence-expiry.job.js';
import { BookingPaymentEventsController } from './booking-payment-events.controller.js';
import { BookUnit, UNIT_HOLD_MS } from './book-unit.js';
import { UnitBookingsController } from './unit-bookings.controller.js';
import { UNIT_HOLD_QUEUE, UnitHoldProcessor, UnitHoldScheduler } from './unit-hold.job.js';

export const UNIT_BOOKING_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/units/:unitId/bookings',
    summary:
      'Books an available unit of a published project online (Saudi site only, 404 elsewhere; a Nafath-verified customer, else 422 BOOKING_RESIDENTS_ONLY): the unit is held (reserved) and unit.booking-held published; released if not paid within UNIT_HOLD_MS',
    params: unitBookingParamsSchema,
    results: unitBookingSchema,
    roles: ['user'],
  },
];

/** Unit bookings: the hold, its release job, and payments' outcome. */
@Module({})
export class UnitBookingsModule {
  static forRoot(config: { UNIT_HOLD_MS: number }): DynamicModule {
    return {
      module: UnitBookingsModule,
      imports: [BullModule.registerQueue({ name: UNIT_HOLD_QUEUE, configKey: LISTING_JOBS })],
      controllers: [UnitBookingsController, BookingPaymentEventsController],
      providers: [
        { provide: UNIT_HOLD_MS, useValue: config.UNIT_HOLD_MS },
        BookUnit,
        UnitHoldScheduler,
        UnitHoldProcessor,
      ],
    };
  }
}
