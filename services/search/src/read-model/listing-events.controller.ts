import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  listingApprovedV1,
  listingApprovedV2,
  listingDeactivatedV1,
  listingDeactivatedV2,
  listingSoldV1,
  listingWithdrawnV1,
  summaryOfApproved,
  type EventEnvelope,
  type PropertySummary,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';
import { SEARCH_ENGINE, type SearchEngine } from './search-engine.js';

/**
 * Keeps the read model in step with listings: `listing.approved` (v1, or v2 read for its v1
 * fields) upserts; `listing.withdrawn`, `listing.sold` and `listing.deactivated` with
 * `active: false` delete (a listing put back comes with a new `listing.approved`). Each event is applied once (inbox), however often the bus delivers it. Other event
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
    @Payload(new ParseEventPipe<typeof listingApprovedV1.payload>(listingApprovedV1, listingApprovedV2))
    event: EventEnvelope<PropertySummary>,
  ): Promise<void> {
    const listing = summaryOfApproved(event.payload);
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

  @EventPattern(listingSoldV1.type)
  async sold(
    @Payload(new ParseEventPipe(listingSoldV1)) event: EventEnvelope<{ id: string }>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, (tx) => this.engine.remove(event.site, event.payload.id, tx));
  }

  @EventPattern(listingDeactivatedV1.type)
  async deactivated(
    // v2 (a licence that ended, taken off by listings' job) reads as v1 does here.
    @Payload(
      new ParseEventPipe<typeof listingDeactivatedV1.payload | typeof listingDeactivatedV2.payload>(
        listingDeactivatedV1,
        listingDeactivatedV2,
      ),
    )
    event: EventEnvelope<{ id: string; active: boolean }>,
  ): Promise<void> {
    await this.inbox.handleOnce(event, async (tx) => {
      if (!event.payload.active) await this.engine.remove(event.site, event.payload.id, tx);
    });
  }
}
