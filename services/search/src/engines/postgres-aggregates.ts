import type { EntityManager } from 'typeorm';
import type { MapBounds } from '@manzil/contracts';
import { cellBits, cellSize } from './geo.js';

/**
 * The pre-aggregated counts of the Postgres engine (migration 1765240000000): `facet_count`
 * (live listings per place and facet dimensions, for the search page's facets and total) and
 * `map_tile` (live listings and coordinate sums per geohash cell, for the map's clusters).
 * Both are moved, in the transaction of the read model's upsert or removal, by the difference
 * between the stored row before and after the event: an event the read model ignores (older
 * than what is stored, a replay of a removed listing) moves nothing, a duplicate was never
 * handled twice (inbox), and an edit that changes none of their dimensions writes nothing.
 */

/** Geohash precisions kept as tiles; clusters of precision 1–7 use them (finer ones scan listings). */
export const TILE_PRECISIONS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
const TILE_FINEST = TILE_PRECISIONS[TILE_PRECISIONS.length - 1];

/** The place columns of `listing_read`, city to building: each level's child is the next one. */
const LEVEL_COLUMNS = ['city_id', 'community_id', 'sub_community_id', 'building_id'] as const;

/** The dimensions of `facet_count` besides the place, as columns of `listing_read` too. */
const FACET_DIMENSIONS = [
  'site',
  'purpose',
  'commercial',
  'property_type',
  'kind',
  'bedrooms',
  'bathrooms',
  'furnishing',
  'agreement_type',
  'market_status',
] as const;
const FACET_KEY = [...FACET_DIMENSIONS, 'location_id', 'child_id'] as const;
const TILE_KEY = ['site', 'precision', 'gx', 'gy', 'purpose', 'commercial', 'property_type'] as const;

/** The columns of `listing_read` the aggregates are built from (the stored row before an event). */
export const AGGREGATED_COLUMNS = [...FACET_DIMENSIONS, ...LEVEL_COLUMNS, 'latitude', 'longitude'] as const;

type Columns = Record<string, unknown>;
type Row = Record<string, unknown> & { n: number };

/** The `facet_count` rows one listing counts in: the whole site ('') and each of its places. */
export function facetRowsOf(listing: Columns): Row[] {
  const dims = Object.fromEntries(FACET_DIMENSIONS.map((column) => [column, listing[column] ?? null]));
  const places = LEVEL_COLUMNS.map((column) => (listing[column] as string | null) ?? null);
  const rows: Row[] = [{ ...dims, location_id: '', child_id: places[0], n: 1 }];
  places.forEach((id, level) => {
    if (id) rows.push({ ...dims, location_id: id, child_id: places[level + 1] ?? null, n: 1 });
  });
  return rows;
}

/** The grid cell of a point at a precision, as the live clusters compute it (`floor` on the grid). */
function cellOf(lat: number, lng: number, precision: number) {
  const size = cellSize(precision);
  return { gx: Math.floor((lng + 180) / size.lng), gy: Math.floor((lat + 90) / size.lat) };
}

/** The `map_tile` rows one listing counts in: one cell per precision. */
export function tileRowsOf(listing: Columns): Row[] {
  const lat = Number(listing.latitude);
  const lng = Number(listing.longitude);
  return TILE_PRECISIONS.map((precision) => ({
    site: listing.site,
    precision,
    ...cellOf(lat, lng, precision),
    purpose: listing.purpose,
    commercial: listing.commercial,
    property_type: listing.property_type,
    n: 1,
    sum_lat: lat,
    sum_lng: lng,
  }));
}

/** Rows of `after` minus rows of `before`, by key; the sums (`n`, `sum_*`) subtracted, unchanged rows dropped. */
function difference(before: Row[], after: Row[], key: readonly string[]): Row[] {
  const net = new Map<string, Row>();
  const add = (row: Row, sign: 1 | -1) => {
    const id = JSON.stringify(key.map((column) => row[column]));
    const sums = Object.keys(row).filter((column) => column === 'n' || column.startsWith('sum_'));
    const found = net.get(id);
    if (!found) net.set(id, { ...row, ...Object.fromEntries(sums.map((s) => [s, sign * Number(row[s])])) });
    else for (const s of sums) found[s] = Number(found[s]) + sign * Number(row[s]);
  };
  before.forEach((row) => add(row, -1));
  after.forEach((row) => add(row, 1));
  return [...net.values()].filter((row) =>
    Object.keys(row).some((column) => (column === 'n' || column.startsWith('sum_')) && row[column] !== 0),
  );
}

const FACET_TYPES =
  `"site" text, "location_id" text, "child_id" text, "purpose" text, "commercial" boolean, "property_type" text, ` +
  `"kind" text, "bedrooms" int, "bathrooms" int, "furnishing" text, "agreement_type" text, "market_status" text, "n" int`;
const TILE_TYPES =
  `"site" text, "precision" smallint, "gx" int, "gy" int, "purpose" text, "commercial" boolean, ` +
  `"property_type" text, "n" int, "sum_lat" float8, "sum_lng" float8`;
const quoted = (columns: readonly string[]) => columns.map((column) => `"${column}"`).join(', ');

/**
 * Moves the aggregates from the listing's stored row `before` (null: it was not live) to
 * `after` (null: it is no longer live), in the event's transaction `tx` (under the site's
 * write lock, so two events of a site never interleave here).
 */
export async function moveAggregates(
  tx: EntityManager,
  site: string,
  before: Columns | null,
  after: Columns | null,
): Promise<void> {
  const rowsOf = (of: (listing: Columns) => Row[], listing: Columns | null) => (listing ? of(listing) : []);
  const facets = difference(rowsOf(facetRowsOf, before), rowsOf(facetRowsOf, after), FACET_KEY);
  const tiles = difference(rowsOf(tileRowsOf, before), rowsOf(tileRowsOf, after), TILE_KEY);
  if (facets.length)
    await tx.query(
      `INSERT INTO "facet_count" (${quoted(FACET_KEY)}, "n")
       SELECT ${quoted(FACET_KEY)}, "n" FROM jsonb_to_recordset($1::jsonb) AS r(${FACET_TYPES})
       ON CONFLICT (${quoted(FACET_KEY)}) DO UPDATE SET "n" = "facet_count"."n" + EXCLUDED."n"`,
      [JSON.stringify(facets)],
    );
  if (tiles.length)
    await tx.query(
      `INSERT INTO "map_tile" (${quoted(TILE_KEY)}, "n", "sum_lat", "sum_lng")
       SELECT ${quoted(TILE_KEY)}, "n", "sum_lat", "sum_lng" FROM jsonb_to_recordset($1::jsonb) AS r(${TILE_TYPES})
       ON CONFLICT (${quoted(TILE_KEY)}) DO UPDATE SET "n" = "map_tile"."n" + EXCLUDED."n",
         "sum_lat" = "map_tile"."sum_lat" + EXCLUDED."sum_lat", "sum_lng" = "map_tile"."sum_lng" + EXCLUDED."sum_lng"`,
      [JSON.stringify(tiles)],
    );
  // Nothing counted is kept at 0 (partial indexes on "n" <= 0 find them).
  if (facets.some((row) => row.n < 0))
    await tx.query(`DELETE FROM "facet_count" WHERE "n" <= 0 AND "site" = $1`, [site]);
  if (tiles.some((row) => row.n < 0))
    await tx.query(`DELETE FROM "map_tile" WHERE "n" <= 0 AND "site" = $1`, [site]);
}

/**
 * Counts every live listing of `listing_read` again (the migration, and the benchmark's bulk
 * loader): the same rows `moveAggregates` keeps, computed by SQL. The cell sizes are passed as
 * float8, so `floor` gives the cells the JavaScript of `tileRowsOf` gives.
 */
export async function rebuildSearchAggregates(query: (sql: string) => Promise<unknown>): Promise<void> {
  await query(`DELETE FROM "facet_count"`);
  await query(`DELETE FROM "map_tile"`);
  const dims = quoted(FACET_DIMENSIONS);
  await query(`
    INSERT INTO "facet_count" (${dims}, "location_id", "child_id", "n")
    SELECT ${dims}, p."location_id", p."child_id", count(*)::int
    FROM "listing_read" r CROSS JOIN LATERAL (VALUES
      (''::text, r."city_id"), (r."city_id", r."community_id"), (r."community_id", r."sub_community_id"),
      (r."sub_community_id", r."building_id"), (r."building_id", NULL::text)) AS p("location_id", "child_id")
    WHERE p."location_id" IS NOT NULL
    GROUP BY ${dims}, p."location_id", p."child_id"`);
  const grid = TILE_PRECISIONS.map((precision) => {
    const size = cellSize(precision);
    return `(${precision}, ${size.lng}::float8, ${size.lat}::float8)`;
  }).join(', ');
  await query(`
    INSERT INTO "map_tile" (${quoted(TILE_KEY)}, "n", "sum_lat", "sum_lng")
    SELECT r."site", g."precision", floor((r."longitude" + 180) / g."w")::int, floor((r."latitude" + 90) / g."h")::int,
      r."purpose", r."commercial", r."property_type", count(*)::int, sum(r."latitude"), sum(r."longitude")
    FROM "listing_read" r CROSS JOIN (VALUES ${grid}) AS g("precision", "w", "h")
    GROUP BY 1, 2, 3, 4, 5, 6, 7`);
}

/** Whether a query names only filters a table of counts has (every other given key makes it a live query). */
function only(query: object, keys: readonly string[]): boolean {
  return Object.entries(query).every(([key, value]) => value === undefined || keys.includes(key));
}

const FACET_QUERY_KEYS = [
  'site',
  'propertyType',
  'purpose',
  'commercial',
  'kind',
  'bedrooms',
  'bathrooms',
  'furnishing',
  'agreementType',
  'marketStatus',
  'locationId',
  'page',
  'limit',
  'sort',
  'facets',
] as const;

/**
 * Whether `facet_count` answers the search page's facets and total: the filters are its
 * dimensions and at most one place (several places may overlap, so their counts do not add up).
 * Price, area, amenities, keywords, bounds, agent or company: the live query.
 */
export function countsAnswer(query: { locationId?: string[] }): boolean {
  return only(query, FACET_QUERY_KEYS) && (query.locationId?.length ?? 0) <= 1;
}

const TILE_QUERY_KEYS = [
  'site',
  'propertyType',
  'purpose',
  'commercial',
  'north',
  'south',
  'east',
  'west',
  'zoom',
];

/** Whether `map_tile` answers clusters of this precision and filters (else the live query). */
export function tilesAnswer(query: object, precision: number): boolean {
  return precision < TILE_FINEST && only(query, TILE_QUERY_KEYS);
}

/** The cells of a precision lying entirely inside the bounds, as index ranges (empty when from > to). */
function cellsInside(bounds: MapBounds, precision: number) {
  const size = cellSize(precision);
  return {
    x: [Math.ceil((bounds.west + 180) / size.lng), Math.floor((bounds.east + 180) / size.lng) - 1],
    y: [Math.ceil((bounds.south + 90) / size.lat), Math.floor((bounds.north + 90) / size.lat) - 1],
  };
}

/**
 * How the clusters of `precision` over `bounds` are summed from tiles: the cells of that
 * precision entirely inside the bounds from their own tiles; then, one precision finer at a time
 * (up to two finer, at most the finest tiled), the finer cells entirely inside the bounds whose
 * coarser cell was not; and the listings in the bounds but in no cell counted so far
 * (`liveOutside`: a strip along the edges) one by one, so the answer is exactly the live one.
 * Each part gives its cell of `precision` as `gx / 2^dx`, `gy / 2^dy` (cells of a finer precision
 * nest inside coarser ones: geohash bits).
 */
export function tilePlan(bounds: MapBounds, precision: number) {
  const finest = Math.min(precision + 2, TILE_FINEST);
  const parts: {
    precision: number;
    inside: { x: number[]; y: number[] };
    shift: { x: number; y: number };
    /** The coarser level's inside cells, excluded, and the shift from this level to it. */
    parent: { inside: { x: number[]; y: number[] }; shift: { x: number; y: number } } | null;
  }[] = [];
  const base = cellBits(precision);
  for (let level = precision; level <= finest; level++) {
    const bits = cellBits(level);
    const previous = level > precision ? cellBits(level - 1) : null;
    parts.push({
      precision: level,
      inside: cellsInside(bounds, level),
      shift: { x: bits.lng - base.lng, y: bits.lat - base.lat },
      parent: previous
        ? {
            inside: cellsInside(bounds, level - 1),
            shift: { x: bits.lng - previous.lng, y: bits.lat - previous.lat },
          }
        : null,
    });
  }
  const last = parts[parts.length - 1];
  return {
    parts,
    liveOutside: { precision: last.precision, inside: last.inside, boxes: strip(bounds, last) },
  };
}

/**
 * Boxes covering the part of the bounds outside the cells `inside` (a little more, never less:
 * the exact test is the cells' own `floor`), so the point index reads the strip along the edges
 * and not the whole viewport. No cell inside: the bounds.
 */
function strip(bounds: MapBounds, level: { precision: number; inside: { x: number[]; y: number[] } }) {
  const { x, y } = level.inside;
  if (x[0] > x[1] || y[0] > y[1]) return [bounds];
  const size = cellSize(level.precision);
  const margin = 1e-9;
  const inner = {
    west: x[0] * size.lng - 180 + margin,
    east: (x[1] + 1) * size.lng - 180 - margin,
    south: y[0] * size.lat - 90 + margin,
    north: (y[1] + 1) * size.lat - 90 - margin,
  };
  return [
    { ...bounds, north: inner.south },
    { ...bounds, south: inner.north },
    { ...bounds, north: inner.north, south: inner.south, east: inner.west },
    { ...bounds, north: inner.north, south: inner.south, west: inner.east },
  ];
}
