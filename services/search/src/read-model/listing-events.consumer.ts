import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { listingApprovedV1, listingWithdrawnV1, TOPICS, type EventEnvelope } from '@manzil/contracts';
import { handleOnce, type EventBus, type Subscription } from '@manzil/bus';
import { EVENT_BUS } from '@manzil/nest-kit';
import { SEARCH_ENGINE, type SearchEngine } from './search-engine.js';

/** The consumer group of this service on the bus, and its name in the inbox. */
export const CONSUMER_GROUP = 'search';

/**
 * Keeps the read model in step with listings: `listing.approved` upserts, `listing.withdrawn`
 * deletes. Each event is applied once (inbox), however often the bus delivers it. Other event
 * types on the topic are not ours and are skipped; a malformed payload throws, so the bus
 * retries it and then dead-letters it.
 */
@Injectable()
export class ListingEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('listing-events');
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly dataSource: DataSource,
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      group: CONSUMER_GROUP,
      topics: [TOPICS.listingsProperty],
      handler: (event) => this.handle(event),
    });
  }

  /** Before the database closes: a handler in flight finishes, the rest stays on the bus. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  async handle(event: EventEnvelope): Promise<void> {
    if (event.type === listingApprovedV1.type && event.version === listingApprovedV1.version) {
      const listing = listingApprovedV1.payload.parse(event.payload);
      if (listing.site !== event.site)
        throw new Error(`listing ${listing.id} of ${listing.site} sent as ${event.site}`);
      await handleOnce(this.dataSource, CONSUMER_GROUP, event, (tx) =>
        this.engine.upsert(listing, new Date(event.occurredAt), tx),
      );
    } else if (event.type === listingWithdrawnV1.type && event.version === listingWithdrawnV1.version) {
      const { id } = listingWithdrawnV1.payload.parse(event.payload);
      await handleOnce(this.dataSource, CONSUMER_GROUP, event, (tx) =>
        this.engine.remove(event.site, id, tx),
      );
    } else {
      this.logger.debug({ type: event.type, version: event.version }, 'event skipped');
    }
  }
}
