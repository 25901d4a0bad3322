import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { listingWithdrawnV1, type EventEnvelope } from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';

/**
 * Listings' `listing.withdrawn` (sold, inactive, deleted, rejected): the property is no longer
 * accepted, so the admin console cannot auction it (its card stays, for auctions already
 * made). Once per event (inbox `auctions`); an older event never overrides a newer approval.
 */
@Controller()
export class ListingWithdrawnController {
  constructor(private readonly inbox: EventInbox) {}

  @EventPattern(listingWithdrawnV1.type)
  async withdrawn(
    @Payload(new ParseEventPipe<typeof listingWithdrawnV1.payload>(listingWithdrawnV1))
    event: EventEnvelope<{ id: string; reason: string }>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (tx) =>
      tx.query(
        `UPDATE "auction_properties"
            SET "accepted" = false, "withdrawn_reason" = $2, "event_at" = $3
          WHERE "property_id" = $1 AND "site" = $4 AND "event_at" <= $3`,
        [event.payload.id, event.payload.reason, new Date(event.occurredAt), event.site],
      ),
    );
  }
}
