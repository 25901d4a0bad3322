import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { unitBookingRefundDueV1 } from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { RefundPayment } from '../admin/refund-payment.js';

/**
 * Reads listings' `unit.booking-refund-due` (group `payments`): a booking paid after its hold
 * was released, its unit taken by someone else meanwhile, is refunded through the provider by
 * the bid fee's path (`RefundPayment.refundDue`: once per event, inbox `payments`), and
 * `payments.payment.refunded` tells the customer.
 */
@Controller()
export class UnitBookingRefundController {
  constructor(private readonly refunds: RefundPayment) {}

  @EventPattern(unitBookingRefundDueV1.type)
  async due(
    @Payload(new ParseEventPipe(unitBookingRefundDueV1))
    event: EventOf<typeof unitBookingRefundDueV1>,
  ): Promise<void> {
    await this.refunds.refundDue(event, { purpose: 'unit_booking', bookingId: event.payload.bookingId });
  }
}
