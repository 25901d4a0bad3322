import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  unitBookingFailedV1,
  unitBookingFailedV2,
  unitBookingPaidV1,
  unitBookingPaidV2,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { bookPaidUnit, releaseBooking } from './booking-outcome.js';

/**
 * Payments' word on a booking (inbox `listings`, each event applied once): paid books the unit
 * (sold), or asks for the money back when the unit went to someone else after the hold's
 * release; failed releases it. The rules are monotonic (booked is final), so order does not matter.
 * v1 and v2 alike (v2 adds what was booked, for the customer's notice; nothing here needs it).
 */
@Controller()
export class BookingPaymentEventsController {
  constructor(private readonly inbox: EventInbox) {}

  @EventPattern(unitBookingPaidV1.type)
  async paid(
    @Payload(new ParseEventPipe<typeof unitBookingPaidV1.payload>(unitBookingPaidV1, unitBookingPaidV2))
    event: EventOf<typeof unitBookingPaidV1>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (manager) =>
      bookPaidUnit(manager, event.payload.bookingId, event.payload.paymentId, event.requestId),
    );
  }

  @EventPattern(unitBookingFailedV1.type)
  async failed(
    @Payload(new ParseEventPipe<typeof unitBookingFailedV1.payload>(unitBookingFailedV1, unitBookingFailedV2))
    event: EventOf<typeof unitBookingFailedV1>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (manager) =>
      releaseBooking(manager, event.payload.bookingId, 'payment_failed', event.payload.paymentId),
    );
  }
}
