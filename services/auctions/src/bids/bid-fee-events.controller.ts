import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import { bidFeeFailedV1, bidFeePaidV1, type EventEnvelope } from '@manzil/contracts';
import { ParseEventPipe } from '@manzil/nest-kit';
import { SettleBidFee } from './settle-bid-fee.js';

/** Payments' `payments.bid-fee.paid` / `.failed` (group `auctions`): a pending bid accepted or rejected. */
@Controller()
export class BidFeeEventsController {
  constructor(private readonly settle: SettleBidFee) {}

  @EventPattern(bidFeePaidV1.type)
  async paid(
    @Payload(new ParseEventPipe(bidFeePaidV1)) event: EventEnvelope<z.infer<typeof bidFeePaidV1.payload>>,
  ): Promise<void> {
    await this.settle.execute(event, 'paid');
  }

  @EventPattern(bidFeeFailedV1.type)
  async failed(
    @Payload(new ParseEventPipe(bidFeeFailedV1)) event: EventEnvelope<z.infer<typeof bidFeeFailedV1.payload>>,
  ): Promise<void> {
    await this.settle.execute(event, 'failed');
  }
}
