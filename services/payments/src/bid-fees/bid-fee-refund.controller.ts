import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { bidFeeRefundDueV1, type EventEnvelope } from '@manzil/contracts';
import { ParseEventPipe } from '@manzil/nest-kit';
import { RefundPayment } from '../admin/refund-payment.js';

/**
 * Reads auctions' `bid.fee-refund-due` (group `payments`): the fee of a bid that could not
 * lead goes back through the provider, and `payments.payment.refunded` tells the bidder.
 * Idempotent without an inbox: a payment already Refunded is left alone, and the provider's
 * idempotency key (`refund-<payment>`) makes a redelivery mid-refund one refund.
 */
@Controller()
export class BidFeeRefundController {
  constructor(private readonly refunds: RefundPayment) {}

  @EventPattern(bidFeeRefundDueV1.type)
  async due(
    @Payload(new ParseEventPipe(bidFeeRefundDueV1))
    event: EventEnvelope<z.infer<typeof bidFeeRefundDueV1.payload>>,
  ): Promise<void> {
    await this.refunds.refundBidFee(event.site, event.payload.paymentId, event.payload.bidId);
  }
}
