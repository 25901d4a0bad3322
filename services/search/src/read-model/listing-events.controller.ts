import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  listingApprovedV1,
  listingWithdrawnV1,
  type EventEnvelope,
  type PropertySummary,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';
import { SEARCH_ENGINE, type SearchEngine } from './search-engine.js';

/**
 * Keeps the read model in step with listings: `listing.approved` upserts, `listing.withdrawn`
 * deletes. Each event is applied once (inbox), however often the bus delivers it. Other event
 * types on `listings.property` have no handler here and are acked unread. A payload the
 * contracts' schema refuses throws, so the bus retries it and then dead-letters it.
 */
@Controller()
export class ListingEventsController {
  constructor(
    private readonly inbox: EventInbox,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  @EventPattern(listingApprovedV1.type)
  async approved(
    @Payload(new ParseEventPipe(listingApprovedV1)) event: EventEnvelope<PropertySummary>,
  ): Promise<void> {
    const listing = event.payload;
    if (listing.site !== event.site)
      throw new Error(`listing ${listing.id} of ${listing.site} sent as ${event.site}`);
    await this.inbox.handleOnce(event, (tx) => this.engine.upsert(listing, new Date(event.occurredAt), tx));
  }

  @EventPattern(listingWithdrawnV1.type)
  async withdrawn(
    @Payload(new ParseEventPipe(listingWithdrawnV1)) event: EventEnvelope<{ id: string }>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (tx) => this.engine.remove(event.site, event.payload.id, tx));
  }
}
