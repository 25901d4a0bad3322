import { Controller, Inject } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  listingApprovedV1,
  listingApprovedV2,
  listingDeactivatedV1,
  listingDeactivatedV2,
  listingRejectedV1,
  listingSoldV1,
  listingWithdrawnV1,
  type EventEnvelope,
  type PropertySummary,
  type PublishedProperty,
  type Site,
} from '@manzil/contracts';
import { EventInbox, ParseEventPipe } from '@manzil/nest-kit';
import { toIndexedListing } from '../engines/indexed-listing.js';
import { SearchCache } from '../engines/search-cache.js';
import { SEARCH_ENGINE, type SearchEngine } from '../engines/search-engine.js';
import { SavedSearchAlerts } from '../saved-searches/saved-search-alerts.js';

/**
 * Keeps the read model in step with listings: `listing.approved` (v2 with every public field,
 * or v1's summary) upserts; `listing.withdrawn`, `listing.sold`, `listing.deactivated` with
 * `active: false` and `listing.rejected` without `publishedStays` remove (a listing put back
 * comes with a new `listing.approved`). `listing.updated` changes a draft, not the public
 * version, and has no handler. Each event is applied once (inbox), however often the bus
 * delivers it, and then the site's cached answers are dropped. A payload the contracts' schema
 * refuses throws, so the bus retries it and then dead-letters it.
 */
@Controller()
export class ListingEventsController {
  constructor(
    private readonly inbox: EventInbox,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly cache: SearchCache,
    private readonly alerts: SavedSearchAlerts,
  ) {}

  @EventPattern(listingApprovedV1.type)
  async approved(
    @Payload(new ParseEventPipe<typeof listingApprovedV1.payload>(listingApprovedV1, listingApprovedV2))
    event: EventEnvelope<PropertySummary | PublishedProperty>,
  ): Promise<void> {
    const listing = toIndexedListing(event.payload);
    if (listing.site !== event.site)
      throw new Error(`listing ${listing.id} of ${listing.site} sent as ${event.site}`);
    const eventAt = new Date(event.occurredAt);
    await this.inbox.handleOnce(event, async (tx) => {
      await this.engine.upsert(listing, eventAt, tx);
      // Saved searches matching the stored listing are told (once: the same transaction as the inbox row).
      await this.alerts.listingApproved(listing, event.id, eventAt, tx);
    });
    await this.cache.invalidate(event.site);
  }

  @EventPattern(listingWithdrawnV1.type)
  async withdrawn(
    @Payload(new ParseEventPipe(listingWithdrawnV1)) event: EventEnvelope<{ id: string }>,
  ): Promise<void> {
    await this.remove(event);
  }

  @EventPattern(listingSoldV1.type)
  async sold(
    @Payload(new ParseEventPipe(listingSoldV1)) event: EventEnvelope<{ id: string }>,
  ): Promise<void> {
    await this.remove(event);
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
    await this.remove(event, event.payload.active);
  }

  @EventPattern(listingRejectedV1.type)
  async rejected(
    @Payload(new ParseEventPipe(listingRejectedV1))
    event: EventEnvelope<{ id: string; publishedStays: boolean }>,
  ): Promise<void> {
    await this.remove(event, event.payload.publishedStays);
  }

  /** Removes the listing (unless `keep`), once per event, then drops the site's cached answers. */
  private async remove(event: EventEnvelope<{ id: string }>, keep = false): Promise<void> {
    const site: Site = event.site;
    await this.inbox.handleOnce(event, async (tx) => {
      if (!keep) await this.engine.remove(site, event.payload.id, new Date(event.occurredAt), tx);
    });
    await this.cache.invalidate(site);
  }
}
