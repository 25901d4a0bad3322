import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { unitBookingHeldV1 } from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { OpenUnitBooking } from './open-unit-booking.js';

/** Reads listings' `unit.booking-held` (group `payments`): the booking's payment and Checkout. */
@Controller()
export class UnitBookingEventsController {
  constructor(private readonly openUnitBooking: OpenUnitBooking) {}

  @EventPattern(unitBookingHeldV1.type)
  async held(
    @Payload(new ParseEventPipe(unitBookingHeldV1))
    event: EventOf<typeof unitBookingHeldV1>,
  ): Promise<void> {
    await this.openUnitBooking.execute({ ...event.payload, site: event.site });
  }
}
