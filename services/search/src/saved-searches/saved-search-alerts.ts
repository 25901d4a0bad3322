import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import {
  savedSearchMatchedV1,
  searchFiltersSchema,
  TOPICS,
  type SavedSearchFrequency,
  type SavedSearchMatch,
  type Site,
} from '@manzil/contracts';
import { currentContext } from '@manzil/nest-kit';
import type { IndexedListing } from '../engines/indexed-listing.js';
import { SEARCH_ENGINE, type SearchEngine } from '../engines/search-engine.js';

interface SearchRow {
  id: string;
  customer_id: string;
  name: string;
  link: string;
  filters: unknown;
  frequency: SavedSearchFrequency;
}

/** saved-search.matched v1 through the outbox, in the caller's transaction. */
export async function publishMatched(
  tx: EntityManager,
  site: Site,
  search: Omit<SearchRow, 'filters'>,
  matches: SavedSearchMatch[],
): Promise<void> {
  await enqueue(
    tx,
    TOPICS.searchSavedSearch,
    newEvent(
      savedSearchMatchedV1,
      site,
      search.id,
      savedSearchMatchedV1.payload.parse({
        savedSearchId: search.id,
        customerId: search.customer_id,
        name: search.name,
        frequency: search.frequency,
        link: search.link,
        matches,
      }),
      currentContext()?.requestId,
    ),
  );
}

/**
 * What an approved listing means for saved searches, in the inbox transaction of its
 * `listing.approved` (so a redelivery alerts nobody twice): the first approval this service
 * sees of a listing is `new`, a later one at a lower display price a `priceDrop`, anything else
 * nothing. The saved searches of the site whose filters the stored listing matches (the
 * engine decides, as it does for the list) are told: an `instant` one at once by
 * `saved-search.matched`, a `daily` one through a pending match its digest collects.
 */
@Injectable()
export class SavedSearchAlerts {
  constructor(@Inject(SEARCH_ENGINE) private readonly engine: SearchEngine) {}

  async listingApproved(listing: IndexedListing, eventId: string, eventAt: Date, tx: EntityManager) {
    const [previous] = (await tx.query(
      `SELECT "price", "event_at" FROM "saved_search_listing_price" WHERE "listing_id" = $1 FOR UPDATE`,
      [listing.id],
    )) as { price: number; event_at: Date }[];
    // Only an older event is stale. Two approvals of one listing in the same millisecond come in
    // the order listings published them (one key, one stream): the later one still counts, as
    // in the read model's upsert; a redelivered event never gets here (the inbox).
    if (previous && new Date(previous.event_at) > eventAt) return;
    await tx.query(
      `INSERT INTO "saved_search_listing_price" ("listing_id", "site", "price", "event_at") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("listing_id") DO UPDATE SET "price" = EXCLUDED."price", "event_at" = EXCLUDED."event_at"`,
      [listing.id, listing.site, listing.price, eventAt],
    );
    const reason = !previous ? 'new' : listing.price < previous.price ? 'priceDrop' : null;
    if (!reason) return;
    const searches = (await tx.query(
      `SELECT "id", "customer_id", "name", "link", "filters", "frequency" FROM "saved_search" WHERE "site" = $1`,
      [listing.site],
    )) as SearchRow[];
    if (searches.length === 0) return;
    const matched = new Set(
      await this.engine.matching(
        listing.site,
        listing.id,
        searches.map((search) => ({ id: search.id, filters: searchFiltersSchema.parse(search.filters) })),
        tx,
      ),
    );
    const match: SavedSearchMatch = {
      listingId: listing.id,
      slug: listing.slug,
      title: listing.hit.title,
      reason,
      price: listing.price,
      previousPrice: reason === 'priceDrop' ? previous.price : null,
      matchedAt: eventAt.toISOString(),
    };
    for (const search of searches.filter((row) => matched.has(row.id))) {
      if (search.frequency === 'instant') await publishMatched(tx, listing.site, search, [match]);
      else
        await tx.query(
          `INSERT INTO "saved_search_match" ("saved_search_id", "event_id", "match") VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [search.id, eventId, JSON.stringify(match)],
        );
    }
  }
}
