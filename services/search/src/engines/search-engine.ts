import type { EntityManager } from 'typeorm';
import type {
  LocationAutocompleteQuery,
  MapClusters,
  MapClustersQuery,
  MapPin,
  MapPinsQuery,
  Page,
  PropertyDetail,
  LocationSuggestion,
  SearchFilters,
  SearchQuery,
  SearchResultPage,
  Site,
  SitemapListing,
} from '@manzil/contracts';
import type { IndexedListing } from './indexed-listing.js';

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

/**
 * The search port (DESIGN rule 3): Postgres by default, OpenSearch for scale-out; one contract
 * suite (test/engine-contract.ts) runs against both.
 *
 * Writes take the transaction of the inbox entry (`handleOnce`): the Postgres engine writes
 * in it, so the read rows and "event handled" commit together. The OpenSearch engine ignores
 * it and relies on idempotent writes ordered by the event's time (external versions) instead.
 */
export interface SearchEngine {
  /** Adds or replaces a listing, unless the stored one comes from a later event. */
  upsert(listing: IndexedListing, eventAt: Date, tx: EntityManager): Promise<void>;
  /** Removes a listing of the site, unless the stored one comes from a later event; a missing one is no error. */
  remove(site: Site, id: string, eventAt: Date, tx: EntityManager): Promise<void>;
  search(site: Site, query: SearchQuery): Promise<SearchResultPage>;
  clusters(site: Site, query: MapClustersQuery): Promise<MapClusters>;
  pins(site: Site, query: MapPinsQuery): Promise<Page<MapPin>>;
  autocomplete(site: Site, query: LocationAutocompleteQuery): Promise<Page<LocationSuggestion>>;
  /** The site's published slugs for the sitemaps, newest approval first, with the time of their last event. */
  sitemap(site: Site, page: number, limit: number): Promise<Page<SitemapListing>>;
  /** The detail page of a published slug of the site, or null. */
  detail(site: Site, slug: string): Promise<PropertyDetail | null>;
  /**
   * The ids of the saved searches whose filters the stored listing matches (saved-search
   * alerts, after `upsert` in the same transaction `tx`).
   */
  matching(site: Site, listingId: string, searches: SavedFilters[], tx: EntityManager): Promise<string[]>;
}

/** A saved search's filters, by its id. */
export interface SavedFilters {
  id: string;
  filters: SearchFilters;
}
