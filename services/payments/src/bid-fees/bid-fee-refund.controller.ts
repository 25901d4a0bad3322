import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { bidFeeRefundDueV1 } from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { RefundPayment } from '../admin/refund-payment.js';

/**
 * Reads auctions' `bid.fee-refund-due` (group `payments`): the fee of a bid that could not
 * lead goes back through the provider, and `payments.payment.refunded` tells the bidder.
 * Once per event (`RefundPayment.refundDue`: inbox `payments`, a payment already Refunded left
 * alone, the provider's idempotency key `refund-<payment>` for a redelivery mid-refund).
 */
@Controller()
export class BidFeeRefundController {
  constructor(private readonly refunds: RefundPayment) {}

  @EventPattern(bidFeeRefundDueV1.type)
  async due(
    @Payload(new ParseEventPipe(bidFeeRefundDueV1))
    event: EventOf<typeof bidFeeRefundDueV1>,
  ): Promise<void> {
    await this.refunds.refundDue(event, { purpose: 'bid_fee', bidId: event.payload.bidId });
  }
}
