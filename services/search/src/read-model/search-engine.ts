import type { EntityManager } from 'typeorm';
import type { ListingSearchQuery, Page, PropertySummary, Site } from '@manzil/contracts';

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

/**
 * The search port (DESIGN rule 3): Postgres here, OpenSearch as the scale-out path.
 *
 * Writes take the transaction of the inbox entry (`handleOnce`): the Postgres engine writes
 * in it, so the read row and "event handled" commit together. An engine outside Postgres
 * ignores it and relies on writes being idempotent (upsert by id, delete by id) instead.
 */
export interface SearchEngine {
  /** Adds or replaces a listing, unless the stored one comes from a later event. */
  upsert(listing: PropertySummary, eventAt: Date, tx: EntityManager): Promise<void>;
  /** Removes a listing of the site; removing a missing one is not an error. */
  remove(site: Site, id: string, tx: EntityManager): Promise<void>;
  /** One page of the site's listings, newest approval first. */
  search(site: Site, query: ListingSearchQuery): Promise<Page<PropertySummary>>;
}
