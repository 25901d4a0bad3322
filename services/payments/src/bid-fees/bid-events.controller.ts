import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { bidPlacedV1 } from '@manzil/contracts';
import { ParseEventPipe, type EventOf } from '@manzil/nest-kit';
import { OpenBidFee } from './open-bid-fee.js';

/**
 * Reads auctions' `bid.placed` (group `payments`): a bid pending on its fee gets its payment
 * and Checkout session. Accepted bids (free auctions) are acknowledged unread. Idempotent by
 * the payment's unique bid (OpenBidFee), so a redelivery does nothing twice.
 */
@Controller()
export class BidEventsController {
  constructor(private readonly openBidFee: OpenBidFee) {}

  @EventPattern(bidPlacedV1.type)
  async placed(@Payload(new ParseEventPipe(bidPlacedV1)) event: EventOf<typeof bidPlacedV1>): Promise<void> {
    const bid = event.payload;
    if (bid.status !== 'pending' || bid.biddingFee <= 0) return;
    await this.openBidFee.execute({
      site: event.site,
      bidId: bid.bidId,
      auctionId: bid.auctionId,
      bidderId: bid.bidderId,
      fee: bid.biddingFee,
      currency: bid.currency,
    });
  }
}
