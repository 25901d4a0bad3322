import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { bidFeeFailedV1, bidFeePaidV1 } from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { SettleBidFee } from './settle-bid-fee.js';

/** Payments' `payments.bid-fee.paid` / `.failed` (group `auctions`): a pending bid accepted or rejected. */
@Controller()
export class BidFeeEventsController {
  constructor(private readonly settle: SettleBidFee) {}

  @EventPattern(bidFeePaidV1.type)
  async paid(@Payload(new ParseEventPipe(bidFeePaidV1)) event: EventOf<typeof bidFeePaidV1>): Promise<void> {
    await this.settle.execute(event, 'paid');
  }

  @EventPattern(bidFeeFailedV1.type)
  async failed(
    @Payload(new ParseEventPipe(bidFeeFailedV1)) event: EventOf<typeof bidFeeFailedV1>,
  ): Promise<void> {
    await this.settle.execute(event, 'failed');
  }
}
