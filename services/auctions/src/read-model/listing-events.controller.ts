import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  listingApprovedV1,
  listingApprovedV2,
  summaryOfApproved,
  type EventEnvelope,
  type PropertySummary,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';

/**
 * Keeps the property cards auctions show (`auction_properties`) in step with listings'
 * `listing.approved` (v1, or v2 read for its v1 fields), once per event (inbox `auctions`), an older event never replacing a
 * newer card. A withdrawn listing keeps its card: a closed auction still shows what was sold.
 */
@Controller()
export class ListingEventsController {
  constructor(private readonly inbox: EventInbox) {}

  @EventPattern(listingApprovedV1.type)
  async approved(
    @Payload(new ParseEventPipe<typeof listingApprovedV1.payload>(listingApprovedV1, listingApprovedV2))
    event: EventEnvelope<PropertySummary>,
  ): Promise<void> {
    const card = summaryOfApproved(event.payload);
    if (card.site !== event.site) throw new Error(`listing ${card.id} of ${card.site} sent as ${event.site}`);
    await this.inbox.handleOnce(event, (tx) =>
      tx.query(
        `INSERT INTO "auction_properties" ("property_id", "site", "summary", "event_at", "accepted")
         VALUES ($1, $2, $3, $4, true)
         ON CONFLICT ("property_id") DO UPDATE
           SET "site" = EXCLUDED."site", "summary" = EXCLUDED."summary", "event_at" = EXCLUDED."event_at",
               "accepted" = true, "withdrawn_reason" = NULL
           WHERE "auction_properties"."event_at" <= EXCLUDED."event_at"`,
        [card.id, card.site, JSON.stringify(card), new Date(event.occurredAt)],
      ),
    );
  }
}
