import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { listingWithdrawnV1, type EventEnvelope } from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';
import { CancelAuction, type CanceledAuction } from '../admin/cancel-auction.js';

/**
 * Listings' `listing.withdrawn` (sold, inactive, deleted, rejected): the property is no longer
 * accepted, so the admin console cannot auction it (its card stays, for auctions already
 * made), and an auction of it still running is cancelled (`auction.canceled` v2, cause
 * `listing-withdrawn`: bids rejected, every bidder told), since nobody can buy what left the
 * market. Once per event (inbox `auctions`), in one transaction; an older event never
 * overrides a newer approval, and cancels nothing then.
 */
@Controller()
export class ListingWithdrawnController {
  constructor(
    private readonly inbox: EventInbox,
    private readonly cancel: CancelAuction,
  ) {}

  @EventPattern(listingWithdrawnV1.type)
  async withdrawn(
    @Payload(new ParseEventPipe<typeof listingWithdrawnV1.payload>(listingWithdrawnV1))
    event: EventEnvelope<{ id: string; reason: string }>,
  ): Promise<void> {
    let canceled: CanceledAuction[] = [];
    await this.inbox.handleOnce(event, async (tx) => {
      // TypeORM answers an UPDATE as [rows, count].
      const [, updated] = (await tx.query(
        `UPDATE "auction_properties"
            SET "accepted" = false, "withdrawn_reason" = $2, "event_at" = $3
          WHERE "property_id" = $1 AND "site" = $4 AND "event_at" <= $3`,
        [event.payload.id, event.payload.reason, new Date(event.occurredAt), event.site],
      )) as [unknown, number];
      if (updated > 0)
        canceled = await this.cancel.cancelForWithdrawnListing(
          tx,
          event.site,
          event.payload.id,
          event.payload.reason,
        );
    });
    await this.cancel.told(canceled);
  }
}
