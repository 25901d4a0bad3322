import type { EntityManager } from 'typeorm';
import { DETAIL_RELATED_COUNT, EARTH_RADIUS_KM, NEARBY_RADIUS_KM } from '@manzil/contracts';
import type { IndexedListing } from './indexed-listing.js';

/**
 * The detail page of the Postgres engine without scanning the listings of its area (migration
 * 1765450000000; issue 12: 3 detail pages/s at 1M listings when nearby, similar and the price
 * trend read every listing of a dense community):
 *
 * - nearby: the listing's point on the unit sphere (`cube`, 3 dimensions) in a GiST index with
 *   the site. The straight-line (chord) distance between two points of a sphere grows with
 *   their great-circle distance, so the index's nearest-first walk (`<->`) finds the six
 *   nearest; every listing no farther than the sixth (and within the radius) is then read from
 *   the index's box around the point and ordered by the exact great-circle distance and id, as
 *   before (ties at the sixth place included).
 * - similar: one B-tree per area level (community, else city) over (site, purpose, kind, place,
 *   display price, id): the six closest prices are among the six first at or above the price
 *   and the six first below it, two short walks from the price.
 * - price trend: `price_trend` counts and sums the price history per (site, place, purpose,
 *   month), moved in the upsert's transaction with the history row (below); the monthly median
 *   is read at its rank in the history's index on (site, place, purpose, month, price per area)
 *   instead of sorting the month's rows.
 */

/** Indexes of `listing_read` the detail walks (also rebuilt by the benchmark's bulk loader). */
export const DETAIL_LISTING_INDEXES: Record<string, string> = {
  listing_read_sphere_idx: `USING GIST ("site", ${sphere('"latitude"', '"longitude"')})`,
  listing_read_similar_community_idx: `("site", "purpose", "kind", "community_id", "display_price", "id") WHERE "community_id" IS NOT NULL`,
  listing_read_similar_city_idx: `("site", "purpose", "kind", "city_id", "display_price", "id")`,
};

/** A point on the unit sphere (x, y, z) as a cube, from latitude and longitude in degrees. */
export function sphere(lat: string, lng: string): string {
  return `cube(ARRAY[cos(radians(${lat})) * cos(radians(${lng})), cos(radians(${lat})) * sin(radians(${lng})), sin(radians(${lat}))])`;
}

/** Great-circle distance in km from the row's point (haversine, as the contract's `greatCircleKm`). */
export const haversine = (lat: string, lng: string) =>
  `(2 * ${EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians("latitude" - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians("latitude")) * power(sin(radians("longitude" - ${lng}) / 2), 2))))`;

/**
 * The chord, on the unit sphere, of the nearby radius, with a margin far above the rounding of
 * doubles: every listing within the radius is within it.
 */
const RADIUS_CHORD = 2 * Math.sin(NEARBY_RADIUS_KM / (2 * EARTH_RADIUS_KM)) * (1 + 1e-9) + 1e-12;

type Query = (sql: string, parameters: unknown[]) => Promise<Record<string, unknown>[]>;

/** The nearby listings (≤ 6 within the radius, nearest first, then by id) by the sphere index. */
export function nearbyIndexed(query: Query, listing: IndexedListing) {
  const point = sphere('$1::float8', '$2::float8');
  const at = sphere('"latitude"', '"longitude"');
  return query(
    `WITH "knn" AS MATERIALIZED (
       SELECT ${at} <-> ${point} AS "chord" FROM "listing_read"
       WHERE "site" = $3 AND "id" <> $4 ORDER BY ${at} <-> ${point} LIMIT ${DETAIL_RELATED_COUNT})
     SELECT * FROM (
       SELECT "payload", ${haversine('$1::float8', '$2::float8')} AS "distance", "id" FROM "listing_read"
       WHERE "site" = $3 AND "id" <> $4
         AND ${at} <@ cube_enlarge(${point}, least((SELECT max("chord") FROM "knn") * (1 + 1e-9) + 1e-12, $5::float8), 3)
     ) near WHERE "distance" <= $6 ORDER BY "distance", "id" LIMIT ${DETAIL_RELATED_COUNT}`,
    [listing.latitude, listing.longitude, listing.site, listing.id, RADIUS_CHORD, NEARBY_RADIUS_KM],
  );
}

/**
 * The similar listings (same purpose and kind in the community, else the city; closest price,
 * then id): for prices at or above the listing's, the closest first is the cheapest first; below
 * it, the dearest first (ties by id, which an incremental sort of the walk keeps).
 */
export function similarIndexed(query: Query, listing: IndexedListing) {
  const parameters: unknown[] = [listing.site, listing.id, listing.purpose, listing.kind, listing.price];
  let place = '';
  if (listing.communityId !== null) {
    parameters.push(listing.communityId);
    place = ` AND "community_id" = $6`;
  } else if (listing.cityId !== null) {
    parameters.push(listing.cityId);
    place = ` AND "city_id" = $6`;
  }
  const side = (compare: string, order: string) =>
    `(SELECT "payload", "display_price", "id" FROM "listing_read"
      WHERE "site" = $1 AND "purpose" = $3 AND "kind" = $4${place} AND "display_price" ${compare} $5 AND "id" <> $2
      ORDER BY ${order} LIMIT ${DETAIL_RELATED_COUNT})`;
  return query(
    `SELECT "payload" FROM (${side('>=', '"display_price", "id"')} UNION ALL ${side('<', '"display_price" DESC, "id"')}) s
     ORDER BY abs("display_price" - $5), "id" LIMIT ${DETAIL_RELATED_COUNT}`,
    parameters,
  );
}

/**
 * The last 24 months of the area's trend: counts and average prices from `price_trend`, the
 * median price per area from the one or two middle rows of the month in the history's index
 * (`percentile_cont` over them is the month's: the same interpolation of the same two values).
 */
export function priceTrendIndexed(query: Query, site: string, locationId: string, purpose: string) {
  return query(
    `SELECT t."month", t."sum_price" / t."n" AS "average", t."n",
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY m."price_per_area") FROM (
          SELECT h."price_per_area" FROM "price_history" h
          WHERE h."site" = t."site" AND h."location_id" = t."location_id" AND h."purpose" = t."purpose"
            AND h."month" = t."month"
          ORDER BY h."price_per_area" OFFSET (t."n" - 1) / 2 LIMIT 2 - t."n" % 2) m) AS "median"
     FROM (SELECT * FROM "price_trend" WHERE "site" = $1 AND "location_id" = $2 AND "purpose" = $3 AND "n" > 0
           ORDER BY "month" DESC LIMIT 24) t
     ORDER BY t."month"`,
    [site, locationId, purpose],
  );
}

/**
 * Writes the listing's price history of its approval month (its city and community) and moves
 * `price_trend` by the difference: the rows it had for that month are taken out, the written
 * ones put in, in one statement (an edit in the same month at the same price moves nothing).
 */
export async function writePriceHistory(tx: EntityManager, listing: IndexedListing): Promise<void> {
  const places = [
    ...new Set([listing.cityId, listing.communityId].filter((id): id is string => id !== null)),
  ];
  if (!places.length) return;
  const month = listing.approvedAt.toISOString().slice(0, 7);
  await tx.query(
    `WITH "old" AS (
       SELECT "site", "location_id", "purpose", "month", "price" FROM "price_history"
       WHERE "listing_id" = $1::uuid AND "month" = $2::text AND "location_id" = ANY($3::text[]) FOR UPDATE),
     "new" AS (
       INSERT INTO "price_history" ("listing_id", "month", "location_id", "site", "purpose", "price", "price_per_area")
       SELECT $1::uuid, $2::text, "place", $4::text, $5::text, $6::numeric, $7::numeric FROM unnest($3::text[]) AS "place"
       ON CONFLICT ("listing_id", "month", "location_id") DO UPDATE SET "price" = EXCLUDED."price",
         "price_per_area" = EXCLUDED."price_per_area", "purpose" = EXCLUDED."purpose"
       RETURNING "site", "location_id", "purpose", "month", "price"),
     "moved" AS (
       SELECT "site", "location_id", "purpose", "month", -1 AS "n", -"price" AS "price" FROM "old"
       UNION ALL SELECT "site", "location_id", "purpose", "month", 1, "price" FROM "new")
     INSERT INTO "price_trend" ("site", "location_id", "purpose", "month", "n", "sum_price")
     SELECT "site", "location_id", "purpose", "month", sum("n"), sum("price") FROM "moved"
     GROUP BY 1, 2, 3, 4 HAVING sum("n") <> 0 OR sum("price") <> 0
     ON CONFLICT ("site", "location_id", "purpose", "month") DO UPDATE
       SET "n" = "price_trend"."n" + EXCLUDED."n", "sum_price" = "price_trend"."sum_price" + EXCLUDED."sum_price"`,
    [listing.id, month, places, listing.site, listing.purpose, listing.price, listing.price / listing.area],
  );
  await tx.query(
    `DELETE FROM "price_trend" WHERE "site" = $1 AND "location_id" = ANY($2::text[]) AND "month" = $3 AND "n" <= 0`,
    [listing.site, places, month],
  );
}

/** Counts `price_trend` again from the price history (the migration, the benchmark's bulk loader, the tests). */
export async function rebuildPriceTrend(query: (sql: string) => Promise<unknown>): Promise<void> {
  await query(`DELETE FROM "price_trend"`);
  await query(`
    INSERT INTO "price_trend" ("site", "location_id", "purpose", "month", "n", "sum_price")
    SELECT "site", "location_id", "purpose", "month", count(*)::int, sum("price")
    FROM "price_history" GROUP BY 1, 2, 3, 4`);
}
