/**
 * Bulk loaders of the search benchmark (issue 12): a million listings into each engine's read
 * model in minutes, instead of one event at a time (`upsert`, about 110 listings/s here).
 * Only for the benchmark's own database and indices: what they write is what `upsert` would
 * (the same `toIndexedListing` rows, the places with their live counts and centres, the price
 * history), without the per-event checks (tombstones, event order) a fresh store does not need.
 *
 * Postgres: the secondary indexes are dropped, rows go in as JSON batches
 * (`jsonb_populate_recordset`, two connections in flight), then the places, the price history,
 * the indexes and the pre-aggregated facet counts and map tiles are built by SQL over the loaded
 * rows, and the tables analysed.
 * OpenSearch: `_bulk` requests of 500 listings, two in flight (a 429 waited out), refresh off.
 */
import type { DataSource } from 'typeorm';
import type { Client } from '@opensearch-project/opensearch';
import type { IndexedListing, IndexedPlace } from '../../services/search/src/engines/indexed-listing.js';
import type { OpenSearchSearchEngine } from '../../services/search/src/engines/opensearch-search-engine.js';
import { rebuildSearchAggregates } from '../../services/search/src/engines/postgres-aggregates.js';
import { PLACE_NEWEST_INDEXES } from '../../services/search/src/migrations/1765240000000-search-aggregates.js';
import { listingReadColumns } from '../../services/search/src/engines/postgres-search-engine.js';
import {
  DETAIL_LISTING_INDEXES,
  rebuildPriceTrend,
} from '../../services/search/src/engines/postgres-detail.js';

/** The secondary indexes of `listing_read` (migrations 1764150000000, 1764500000000, 1765240000000, 1765450000000), rebuilt after the load. */
const LISTING_INDEXES: Record<string, string> = {
  listing_read_search_vector_idx: `USING GIN ("search_vector")`,
  listing_read_point_idx: `USING GIST (point("longitude", "latitude"))`,
  listing_read_location_ids_idx: `USING GIN ("location_ids")`,
  listing_read_site_price_idx: `("site", "display_price", "id")`,
  listing_read_site_area_idx: `("site", "area", "id")`,
  listing_read_site_slug_idx: `("site", "slug")`,
  listing_read_agent_idx: `("agent_id", "approved_at") WHERE "agent_id" IS NOT NULL`,
  listing_read_company_idx: `("company_id", "approved_at") WHERE "company_id" IS NOT NULL`,
  ...PLACE_NEWEST_INDEXES,
  ...DETAIL_LISTING_INDEXES,
};

/** Listings `0 … count-1` from `make`, in batches. */
function* batches(count: number, size: number, make: (n: number) => IndexedListing) {
  for (let start = 0; start < count; start += size)
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i));
}

async function inFlight<T>(source: Iterable<T>, width: number, run: (item: T) => Promise<void>) {
  const iterator = source[Symbol.iterator]();
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) await run(next.value);
    }),
  );
}

/** Places seen in the listings (the hierarchy is small: a few thousand). */
function collectPlaces(places: Map<string, IndexedPlace>, listing: IndexedListing) {
  for (const place of listing.places) if (!places.has(place.id)) places.set(place.id, place);
}

export async function bulkLoadPostgres(
  dataSource: DataSource,
  count: number,
  make: (n: number) => IndexedListing,
  progress: (done: number) => void,
): Promise<void> {
  const eventAt = new Date('2026-11-01T00:00:00Z');
  const started = Date.now();
  for (const name of Object.keys(LISTING_INDEXES)) await dataSource.query(`DROP INDEX IF EXISTS "${name}"`);
  const COLUMNS = Object.keys(listingReadColumns(make(0), eventAt))
    .map((name) => `"${name}"`)
    .join(', ');
  const places = new Map<string, IndexedPlace>();
  let done = 0;
  await inFlight(batches(count, 2_000, make), 2, async (listings) => {
    for (const listing of listings) collectPlaces(places, listing);
    await dataSource.query(
      `INSERT INTO "listing_read" (${COLUMNS})
       SELECT ${COLUMNS} FROM jsonb_populate_recordset(NULL::"listing_read", $1::jsonb)`,
      [JSON.stringify(listings.map((listing) => listingReadColumns(listing, eventAt)))],
    );
    done += listings.length;
    progress(done);
  });
  const phase = (name: string) =>
    console.log(`  postgres: ${name} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  phase(`${count} rows in`);
  const list = [...places.values()];
  await dataSource.query(
    `INSERT INTO "search_location" ("id", "site", "level", "parent_id", "name_en", "name_ar", "path_en", "path_ar", "norm")
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS p("id" text, "site" text, "level" text, "parent_id" text,
       "name_en" text, "name_ar" text, "path_en" text, "path_ar" text, "norm" text)`,
    [
      JSON.stringify(
        list.map((p) => ({
          id: p.id,
          site: p.site,
          level: p.level,
          parent_id: p.parentId,
          name_en: p.name.en,
          name_ar: p.name.ar,
          path_en: p.path.en,
          path_ar: p.path.ar,
          norm: p.norm,
        })),
      ),
    ],
  );
  // Live counts and coordinate sums, as `upsert` keeps them one listing at a time.
  await dataSource.query(`
    UPDATE "search_location" l SET "listing_count" = c.n, "sum_lat" = c.lat, "sum_lng" = c.lng
    FROM (SELECT unnest("location_ids") AS id, count(*)::int AS n, sum("latitude") AS lat, sum("longitude") AS lng
          FROM "listing_read" GROUP BY 1) c
    WHERE l."id" = c.id`);
  for (const level of ['city_id', 'community_id'])
    await dataSource.query(`
      INSERT INTO "price_history" ("listing_id", "month", "location_id", "site", "purpose", "price", "price_per_area")
      SELECT "id", to_char("approved_at" AT TIME ZONE 'UTC', 'YYYY-MM'), "${level}", "site", "purpose",
             "display_price", "display_price" / "area"
      FROM "listing_read" WHERE "${level}" IS NOT NULL`);
  // The price trend's counts `upsert` keeps one event at a time (migration 1765450000000).
  await rebuildPriceTrend((sql) => dataSource.query(sql));
  phase('places, price history and trend');
  await dataSource.query(`SET maintenance_work_mem = '256MB'`);
  for (const [name, definition] of Object.entries(LISTING_INDEXES))
    await dataSource.query(`CREATE INDEX "${name}" ON "listing_read" ${definition}`);
  phase('indexes');
  // The facet counts and map tiles `upsert` keeps one event at a time (migration 1765240000000).
  await rebuildSearchAggregates((sql) => dataSource.query(sql));
  phase('facet counts and map tiles');
  await dataSource.query('VACUUM ANALYZE "listing_read"');
  await dataSource.query('VACUUM ANALYZE "price_history"');
  await dataSource.query('ANALYZE');
}

export async function bulkLoadOpenSearch(
  engine: OpenSearchSearchEngine,
  client: Client,
  prefix: string,
  count: number,
  make: (n: number) => IndexedListing,
  progress: (done: number) => void,
): Promise<void> {
  const eventAt = new Date('2026-11-01T00:00:00Z');
  const settings = (refresh: string) =>
    client.indices.putSettings({
      index: `${prefix}-*`,
      body: { index: { refresh_interval: refresh } } as never,
    });
  await settings('-1');
  const places = new Map<string, IndexedPlace>();
  let done = 0;
  // Two requests of 500 in flight: the test node's heap is 512 MB, and larger requests trip its
  // circuit breaker (429), which is waited out and retried.
  await inFlight(batches(count, 500, make), 2, async (listings) => {
    for (const listing of listings) collectPlaces(places, listing);
    // Places once at the end, not once per listing.
    const load = () =>
      engine.load(
        listings.map((listing) => ({ ...listing, places: [] })),
        eventAt,
      );
    for (let attempt = 1; ; attempt++) {
      try {
        await load();
        break;
      } catch (error) {
        const status = (error as { meta?: { statusCode?: number } }).meta?.statusCode;
        if (status !== 429 || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
    done += listings.length;
    progress(done);
  });
  const list = [...places.values()];
  for (let start = 0; start < list.length; start += 2_000)
    await client.bulk({
      body: list
        .slice(start, start + 2_000)
        .flatMap((place) => [{ index: { _index: `${prefix}-places`, _id: place.id } }, place]) as never,
    });
  await settings('1s');
  await engine.refresh();
}
