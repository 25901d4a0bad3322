import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  clusterPrecisionForZoom,
  DETAIL_RELATED_COUNT,
  MAP_CLUSTER_MAX,
  NEARBY_RADIUS_KM,
  normalizeSearchText,
  type LocationAutocompleteQuery,
  type LocationLevel,
  type LocationSuggestion,
  type MapBounds,
  type MapClusters,
  type MapClustersQuery,
  type MapPin,
  type MapPinsQuery,
  type Page,
  type PriceTrend,
  type PropertyDetail,
  type PropertySummary,
  type PublishedProperty,
  type SearchFacets,
  type SearchFilters,
  type SearchQuery,
  type SearchResultPage,
  type Site,
  type SitemapListing,
} from '@manzil/contracts';
import { boundsOf, facetSelection, MULTI_FACETS, sortBuckets, type MultiFacet } from './filters.js';
import { boxAround, cellBounds, cellKey, cellSize } from './geo.js';
import {
  AGGREGATED_COLUMNS,
  countsAnswer,
  moveAggregates,
  tilePlan,
  tilesAnswer,
} from './postgres-aggregates.js';
import { childLevel, toIndexedListing, type IndexedListing } from './indexed-listing.js';
import {
  haversine,
  nearbyIndexed,
  priceTrendIndexed,
  similarIndexed,
  writePriceHistory,
} from './postgres-detail.js';
import { pinOf } from './pins.js';
import type { SavedFilters, SearchEngine } from './search-engine.js';

type Row = Record<string, unknown>;

/** Positional parameters of one statement. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const FACET_COLUMNS: Record<MultiFacet, string> = {
  propertyType: 'property_type',
  kind: 'kind',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  furnishing: 'furnishing',
  agreementType: 'agreement_type',
  marketStatus: 'market_status',
};
const LEVEL_COLUMNS: Record<LocationLevel, string> = {
  city: 'city_id',
  community: 'community_id',
  subCommunity: 'sub_community_id',
  building: 'building_id',
};
const SORTS: Record<SearchQuery['sort'], string> = {
  newest: '"approved_at" DESC, "id" DESC',
  'price-asc': '"display_price" ASC, "id" ASC',
  'price-desc': '"display_price" DESC, "id" DESC',
  area: '"area" DESC, "id" DESC',
};

interface Condition {
  facet: MultiFacet | null;
  sql: string;
}

/**
 * The WHERE conditions of the filters; those of a multi facet are tagged with it. Over `listings`
 * (`listing_read`), or over a table of counts with the same dimension columns: `facets`
 * (`facet_count`: one place, or '' for the whole site) or `tiles` (`map_tile`: no place).
 */
function conditions(
  site: Site,
  filters: SearchFilters,
  bounds: MapBounds | null,
  p: Params,
  over: 'listings' | 'facets' | 'tiles' = 'listings',
  level: LocationLevel | null = null,
): Condition[] {
  const list: Condition[] = [{ facet: null, sql: `"site" = ${p.add(site)}` }];
  const add = (facet: MultiFacet | null, sql: string) => list.push({ facet, sql });
  if (filters.purpose) add(null, `"purpose" = ${p.add(filters.purpose)}`);
  if (filters.commercial !== undefined) add(null, `"commercial" = ${p.add(filters.commercial)}`);
  for (const facet of MULTI_FACETS) {
    const selected = facetSelection(filters, facet);
    if (!selected) continue;
    const cast = facet === 'bedrooms' || facet === 'bathrooms' ? 'int[]' : 'text[]';
    add(facet, `"${FACET_COLUMNS[facet]}" = ANY(${p.add(selected)}::${cast})`);
  }
  if (over === 'facets') add(null, `"location_id" = ${p.add(filters.locationId?.[0] ?? '')}`);
  // One place of a known level: its level's column (a place's id names one level of the
  // hierarchy), so the list walks that column's index in the order asked (newest first)
  // instead of collecting and sorting all the place's listings from the array's index.
  else if (over === 'listings' && level && filters.locationId?.length === 1)
    add(null, `"${LEVEL_COLUMNS[level]}" = ${p.add(filters.locationId[0])}`);
  else if (filters.locationId) add(null, `"location_ids" && ${p.add(filters.locationId)}::text[]`);
  if (filters.agentId) add(null, `"agent_id" = ${p.add(filters.agentId)}::uuid`);
  if (filters.companyId) add(null, `"company_id" = ${p.add(filters.companyId)}::uuid`);
  if (filters.priceMin !== undefined) add(null, `"display_price" >= ${p.add(filters.priceMin)}`);
  if (filters.priceMax !== undefined) add(null, `"display_price" <= ${p.add(filters.priceMax)}`);
  if (filters.areaMin !== undefined) add(null, `"area" >= ${p.add(filters.areaMin)}`);
  if (filters.areaMax !== undefined) add(null, `"area" <= ${p.add(filters.areaMax)}`);
  if (filters.amenities) add(null, `"amenities" @> ${p.add(filters.amenities)}::text[]`);
  if (filters.q) {
    const q = p.add(normalizeSearchText(filters.q));
    add(
      null,
      `"search_vector" @@ (websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('arabic', ${q}))`,
    );
  }
  if (bounds) add(null, inBox(bounds, p));
  return list;
}

/** The listing's point in a box (the GiST index). */
const inBox = (bounds: MapBounds, p: Params) =>
  `point("longitude", "latitude") <@ box(point(${p.add(bounds.west)}, ${p.add(bounds.south)}), point(${p.add(bounds.east)}, ${p.add(bounds.north)}))`;

/**
 * One writer per site at a time: two events of different listings that share places update the
 * same `search_location` rows in different orders, and deadlocked under concurrent handling.
 * A transaction-scoped advisory lock orders them (released at commit).
 */
async function writeLock(tx: EntityManager, site: Site): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`search-write:${site}`]);
}

const STORED_AGGREGATED = AGGREGATED_COLUMNS.map((column) => `"${column}"`).join(', ');

const where = (list: Condition[]) => list.map((c) => c.sql).join(' AND ') || 'true';

const hitOf = (row: Row) => toIndexedListing(row.payload as PropertySummary | PublishedProperty).hit;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Options of the Postgres engine. */
export interface PostgresEngineOptions {
  /**
   * Answer facets, totals and zoomed-out clusters from the pre-aggregated counts when the
   * filters allow, and the detail's nearby, similar and price trend by their indexes and
   * `price_trend` (postgres-detail.ts) (default); false: always scan the listings and the price
   * history (the tests' reference, the scans of before).
   */
  aggregates?: boolean;
}

/**
 * The default engine: tables of the search database. Facet counts in one scan (grouping
 * sets, each facet's count filtered by every other filter), clusters on a geohash grid computed
 * in SQL, names by trigram, the point by GiST. Filters on the counted dimensions read the
 * pre-aggregated `facet_count` and `map_tile` instead (postgres-aggregates.ts).
 */
@Injectable()
export class PostgresSearchEngine implements SearchEngine {
  private readonly aggregates: boolean;

  constructor(
    private readonly dataSource: DataSource,
    options: PostgresEngineOptions = {},
  ) {
    this.aggregates = options.aggregates ?? true;
  }

  async upsert(listing: IndexedListing, eventAt: Date, tx: EntityManager): Promise<void> {
    await writeLock(tx, listing.site);
    const gone = await tx.query(`SELECT 1 FROM "listing_gone" WHERE "id" = $1 AND "event_at" > $2`, [
      listing.id,
      eventAt,
    ]);
    if (gone.length) return;
    const [old] = await tx.query(
      `SELECT "location_ids", "event_at", ${STORED_AGGREGATED} FROM "listing_read" WHERE "id" = $1 FOR UPDATE`,
      [listing.id],
    );
    // Events of one listing arrive in order, but a late replay of an older one must not win.
    if (old && new Date(old.event_at) > eventAt) return;
    for (const place of listing.places)
      await tx.query(
        `INSERT INTO "search_location" ("id", "site", "level", "parent_id", "name_en", "name_ar", "path_en", "path_ar", "norm")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT ("id") DO UPDATE SET "level" = EXCLUDED."level", "parent_id" = EXCLUDED."parent_id",
           "name_en" = EXCLUDED."name_en", "name_ar" = EXCLUDED."name_ar", "path_en" = EXCLUDED."path_en",
           "path_ar" = EXCLUDED."path_ar", "norm" = EXCLUDED."norm"`,
        [
          place.id,
          place.site,
          place.level,
          place.parentId,
          place.name.en,
          place.name.ar,
          place.path.en,
          place.path.ar,
          place.norm,
        ],
      );
    if (old) await this.count(tx, old.location_ids, -1, old.latitude, old.longitude);
    await this.count(tx, listing.locationIds, 1, listing.latitude, listing.longitude);
    const columns = listingReadColumns(listing, eventAt);
    await moveAggregates(tx, listing.site, old ?? null, columns);
    const names = Object.keys(columns).map((name) => `"${name}"`);
    await tx.query(
      `INSERT INTO "listing_read" (${names.join(', ')})
       VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')})
       ON CONFLICT ("id") DO UPDATE SET ${names
         .filter((name) => name !== '"id"')
         .map((name) => `${name} = EXCLUDED.${name}`)
         .join(', ')}`,
      Object.values(columns),
    );
    await writePriceHistory(tx, listing);
  }

  async remove(site: Site, id: string, eventAt: Date, tx: EntityManager): Promise<void> {
    await writeLock(tx, site);
    const [old] = await tx.query(
      `SELECT "location_ids", "event_at", ${STORED_AGGREGATED} FROM "listing_read" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
      [id, site],
    );
    if (old && new Date(old.event_at) > eventAt) return;
    if (old) {
      await this.count(tx, old.location_ids, -1, old.latitude, old.longitude);
      await moveAggregates(tx, site, old, null);
      await tx.query(`DELETE FROM "listing_read" WHERE "id" = $1`, [id]);
    }
    await tx.query(
      `INSERT INTO "listing_gone" ("id", "event_at") VALUES ($1, $2)
       ON CONFLICT ("id") DO UPDATE SET "event_at" = GREATEST("listing_gone"."event_at", EXCLUDED."event_at")`,
      [id, eventAt],
    );
  }

  async matching(
    site: Site,
    listingId: string,
    searches: SavedFilters[],
    tx: EntityManager,
  ): Promise<string[]> {
    const matched: string[] = [];
    // Chunks keep each statement's parameters well under Postgres's limit.
    for (let start = 0; start < searches.length; start += 100) {
      const p = new Params();
      const id = p.add(listingId);
      const parts = searches
        .slice(start, start + 100)
        .map(
          (search) =>
            `SELECT ${p.add(search.id)}::uuid AS "id" WHERE EXISTS (SELECT 1 FROM "listing_read" WHERE "id" = ${id}::uuid AND ${where(conditions(site, search.filters, null, p))})`,
        );
      const rows = (await tx.query(parts.join(' UNION ALL '), p.values)) as { id: string }[];
      matched.push(...rows.map((row) => row.id));
    }
    return matched;
  }

  /** Live listing counts and coordinate sums of places, moved by one listing. */
  private async count(tx: EntityManager, ids: string[], delta: 1 | -1, lat: number, lng: number) {
    if (!ids.length) return;
    await tx.query(
      `UPDATE "search_location" SET "listing_count" = "listing_count" + $2,
         "sum_lat" = "sum_lat" + $3, "sum_lng" = "sum_lng" + $4 WHERE "id" = ANY($1::text[])`,
      [ids, delta, delta * lat, delta * lng],
    );
  }

  private get db() {
    return this.dataSource.manager;
  }

  async sitemap(site: Site, page: number, limit: number): Promise<Page<SitemapListing>> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT "slug", "event_at" FROM "listing_read" WHERE "site" = $1
         ORDER BY ${SORTS.newest} OFFSET $2 LIMIT $3`,
        [site, (page - 1) * limit, limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM "listing_read" WHERE "site" = $1`, [site]),
    ]);
    return {
      items: rows.map((row: Row) => ({
        slug: row.slug as string,
        lastmod: new Date(row.event_at as string).toISOString(),
      })),
      page,
      limit,
      total,
    };
  }

  async search(site: Site, query: SearchQuery): Promise<SearchResultPage> {
    const level = await this.levelOf(query.locationId);
    const p = new Params();
    const conds = conditions(site, query, boundsOf(query), p, 'listings', level);
    const offset = p.add((query.page - 1) * query.limit);
    const limit = p.add(query.limit);
    const list = this.db.query(
      `SELECT "payload" FROM "listing_read" WHERE ${where(conds)} ORDER BY ${SORTS[query.sort]} OFFSET ${offset} LIMIT ${limit}`,
      p.values,
    );
    const page = { page: query.page, limit: query.limit };
    if (this.aggregates && countsAnswer(query)) {
      const [rows, counted] = await Promise.all([list, this.counted(site, query, level)]);
      return { items: rows.map(hitOf), ...page, ...counted };
    }
    const [rows, [{ total }], facets] = await Promise.all([
      list,
      this.db.query(
        `SELECT count(*)::int AS total FROM "listing_read" WHERE ${where(conds)}`,
        p.values.slice(0, -2),
      ),
      query.facets ? this.facets(site, query) : Promise.resolve(null),
    ]);
    return { items: rows.map(hitOf), ...page, total, facets };
  }

  /** The level of the one place a query names (null: none, several, or unknown). */
  private async levelOf(locationIds: string[] | undefined): Promise<LocationLevel | null> {
    if (locationIds?.length !== 1) return null;
    const [row] = await this.db.query(`SELECT "level" FROM "search_location" WHERE "id" = $1`, [
      locationIds[0],
    ]);
    return (row?.level as LocationLevel | undefined) ?? null;
  }

  /**
   * The total and the facets from `facet_count` (countsAnswer): one statement over the counts of
   * the chosen place ('' for the whole site) — each facet with every other filter, the place's
   * children (the location facet) and the total (the empty grouping set) with all of them.
   */
  private async counted(
    site: Site,
    query: SearchQuery,
    level: LocationLevel | null,
  ): Promise<Pick<SearchResultPage, 'total' | 'facets'>> {
    const p = new Params();
    const conds = conditions(site, query, null, p, 'facets');
    const chosen = conds.filter((c) => c.facet !== null);
    const all = `coalesce(sum("n") FILTER (WHERE ${chosen.length ? where(chosen) : 'true'}), 0)::int`;
    if (!query.facets) {
      const [{ total }] = await this.db.query(
        `SELECT ${all} AS "total" FROM "facet_count" WHERE ${where(conds)}`,
        p.values,
      );
      return { total, facets: null };
    }
    const rows: Row[] = await this.db.query(
      `SELECT c.*, l."level" AS "child_level", l."name_en", l."name_ar" FROM (
         SELECT ${facetSelect(conds, (filter) => `coalesce(sum("n") ${filter}, 0)::int`)}, "child_id",
           GROUPING("child_id") AS "g_child", ${all} AS "c_all"
         FROM "facet_count" WHERE ${where(conds.filter((c) => c.facet === null))}
         GROUP BY GROUPING SETS (${MULTI_FACETS.map((f) => `("${FACET_COLUMNS[f]}")`).join(', ')}, ("child_id"), ())
       ) c LEFT JOIN "search_location" l ON c."g_child" = 0 AND l."id" = c."child_id"
       ORDER BY c."c_all" DESC, l."id"`,
      p.values,
    );
    const grand = rows.find(
      (row) => Number(row.g_child) === 1 && MULTI_FACETS.every((facet) => Number(row[`g_${facet}`]) === 1),
    );
    // A building has no level below; the live query counts the column of the level below.
    const children = query.locationId && (level === null || !childLevel(level)) ? [] : rows;
    return {
      total: Number(grand?.c_all ?? 0),
      facets: {
        ...bucketsOf(rows),
        location: children
          .filter((row) => Number(row.g_child) === 0 && row.name_en !== null && Number(row.c_all) > 0)
          .slice(0, 50)
          .map((row) => ({
            id: row.child_id as string,
            level: row.child_level as LocationLevel,
            name: { en: row.name_en as string, ar: row.name_ar as string },
            count: Number(row.c_all),
          })),
      },
    };
  }

  private async facets(site: Site, query: SearchQuery): Promise<SearchFacets> {
    const p = new Params();
    const conds = conditions(site, query, boundsOf(query), p);
    const rows: Row[] = await this.db.query(
      `SELECT ${facetSelect(conds, (filter) => `count(*) ${filter}::int`)}
       FROM "listing_read" WHERE ${where(conds.filter((c) => c.facet === null))}
       GROUP BY GROUPING SETS (${MULTI_FACETS.map((f) => `("${FACET_COLUMNS[f]}")`).join(', ')})`,
      p.values,
    );
    return { ...bucketsOf(rows), location: await this.locationFacet(site, query) };
  }

  /** Counts of the places one level below the deepest chosen one (cities when none). */
  private async locationFacet(site: Site, query: SearchQuery): Promise<SearchFacets['location']> {
    let deepest: LocationLevel | null = null;
    if (query.locationId) {
      const levels: { level: LocationLevel }[] = await this.db.query(
        `SELECT "level" FROM "search_location" WHERE "id" = ANY($1::text[])`,
        [query.locationId],
      );
      const order: LocationLevel[] = ['city', 'community', 'subCommunity', 'building'];
      deepest = levels.map((l) => l.level).sort((a, b) => order.indexOf(b) - order.indexOf(a))[0] ?? 'city';
    }
    const level = childLevel(deepest);
    if (!level) return [];
    const p = new Params();
    const conds = conditions(site, query, boundsOf(query), p);
    const column = LEVEL_COLUMNS[level];
    const rows: Row[] = await this.db.query(
      `SELECT l."id", l."level", l."name_en", l."name_ar", c."n"
       FROM (SELECT "${column}" AS "id", count(*)::int AS "n" FROM "listing_read"
             WHERE ${where(conds)} AND "${column}" IS NOT NULL GROUP BY 1) c
       JOIN "search_location" l ON l."id" = c."id"
       ORDER BY c."n" DESC, l."id" LIMIT 50`,
      p.values,
    );
    return rows.map((row) => ({
      id: row.id as string,
      level: row.level as LocationLevel,
      name: { en: row.name_en as string, ar: row.name_ar as string },
      count: Number(row.n),
    }));
  }

  async clusters(site: Site, query: MapClustersQuery): Promise<MapClusters> {
    const precision = clusterPrecisionForZoom(query.zoom);
    if (this.aggregates && tilesAnswer(query, precision)) return this.tiledClusters(site, query, precision);
    const size = cellSize(precision);
    const p = new Params();
    const conds = conditions(site, query, boundsOf(query), p);
    const rows: Row[] = await this.db.query(
      `SELECT floor(("longitude" + 180) / ${p.add(size.lng)})::int AS gx, floor(("latitude" + 90) / ${p.add(size.lat)})::int AS gy,
         count(*)::int AS n, avg("latitude") AS lat, avg("longitude") AS lng
       FROM "listing_read" WHERE ${where(conds)} GROUP BY 1, 2 ORDER BY n DESC, gx, gy LIMIT ${MAP_CLUSTER_MAX}`,
      p.values,
    );
    return clustersOf(rows, precision);
  }

  /**
   * The clusters of a viewport summed from `map_tile` (tilePlan): the cells inside the viewport
   * at this precision, then finer cells inside it along its edges, then the listings of the
   * remaining strip one by one. The same answer as the scan, in a fraction of its reads.
   */
  private async tiledClusters(site: Site, query: MapClustersQuery, precision: number): Promise<MapClusters> {
    const bounds = boundsOf(query) as MapBounds;
    const plan = tilePlan(bounds, precision);
    const p = new Params();
    const between = (expression: string, range: number[]) =>
      `${expression} BETWEEN ${p.add(range[0])} AND ${p.add(range[1])}`;
    const parts = plan.parts.map((part) => {
      const types = where(conditions(site, query, null, p, 'tiles'));
      const outsideParent = part.parent
        ? ` AND NOT (${between(`"gx" / ${2 ** part.parent.shift.x}`, part.parent.inside.x)}
             AND ${between(`"gy" / ${2 ** part.parent.shift.y}`, part.parent.inside.y)})`
        : '';
      return `SELECT "gx" / ${2 ** part.shift.x} AS gx, "gy" / ${2 ** part.shift.y} AS gy, "n", "sum_lat", "sum_lng"
        FROM "map_tile" WHERE ${types} AND "precision" = ${part.precision}
          AND ${between('"gx"', part.inside.x)} AND ${between('"gy"', part.inside.y)}${outsideParent}`;
    });
    const cell = cellSize(precision);
    const fine = cellSize(plan.liveOutside.precision);
    parts.push(`SELECT floor(("longitude" + 180) / ${p.add(cell.lng)})::int, floor(("latitude" + 90) / ${p.add(cell.lat)})::int,
        1, "latitude", "longitude"
      FROM "listing_read" WHERE ${where(conditions(site, query, bounds, p))}
        AND (${plan.liveOutside.boxes.map((box) => inBox(box, p)).join(' OR ')})
        AND NOT (${between(`floor(("longitude" + 180) / ${p.add(fine.lng)})`, plan.liveOutside.inside.x)}
          AND ${between(`floor(("latitude" + 90) / ${p.add(fine.lat)})`, plan.liveOutside.inside.y)})`);
    const rows: Row[] = await this.db.query(
      `SELECT gx, gy, sum("n")::int AS n, sum("sum_lat") / sum("n") AS lat, sum("sum_lng") / sum("n") AS lng
       FROM (${parts.join(' UNION ALL ')}) t GROUP BY gx, gy HAVING sum("n") > 0
       ORDER BY n DESC, gx, gy LIMIT ${MAP_CLUSTER_MAX}`,
      p.values,
    );
    return clustersOf(rows, precision);
  }

  async pins(site: Site, query: MapPinsQuery): Promise<Page<MapPin>> {
    const p = new Params();
    const conds = conditions(
      site,
      query,
      boundsOf(query),
      p,
      'listings',
      await this.levelOf(query.locationId),
    );
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM "listing_read" WHERE ${where(conds)}`,
      p.values,
    );
    const rows: Row[] = await this.db.query(
      `SELECT "payload" FROM "listing_read" WHERE ${where(conds)} ORDER BY ${SORTS.newest}
       OFFSET ${p.add((query.page - 1) * query.limit)} LIMIT ${p.add(query.limit)}`,
      p.values,
    );
    return { items: rows.map((row) => pinOf(hitOf(row))), page: query.page, limit: query.limit, total };
  }

  async autocomplete(site: Site, query: LocationAutocompleteQuery): Promise<Page<LocationSuggestion>> {
    const p = new Params();
    const q = normalizeSearchText(query.q);
    const siteParam = p.add(site);
    const like = p.add(`%${escapeLike(q)}%`);
    const typed = p.add(q);
    const filter = [
      `"site" = ${siteParam}`,
      `("norm" LIKE ${like} OR "norm" % ${typed})`,
      ...(query.level ? [`"level" = ANY(${p.add(query.level)}::text[])`] : []),
    ].join(' AND ');
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM "search_location" WHERE ${filter}`,
      p.values,
    );
    const prefix = p.add(`${escapeLike(q)}%`);
    const word = p.add(`% ${escapeLike(q)}%`);
    const rows: Row[] = await this.db.query(
      `SELECT * FROM "search_location" WHERE ${filter}
       ORDER BY ("norm" LIKE ${prefix} OR "norm" LIKE ${word}) DESC, "listing_count" DESC,
         similarity("norm", ${typed}) DESC, "id"
       OFFSET ${p.add((query.page - 1) * query.limit)} LIMIT ${p.add(query.limit)}`,
      p.values,
    );
    return {
      items: rows.map((row) => {
        const count = Number(row.listing_count);
        return {
          id: row.id as string,
          level: row.level as LocationLevel,
          name: { en: row.name_en as string, ar: row.name_ar as string },
          path: { en: row.path_en as string, ar: row.path_ar as string },
          parentId: (row.parent_id as string | null) ?? null,
          count,
          centre: count > 0 ? { lat: Number(row.sum_lat) / count, lng: Number(row.sum_lng) / count } : null,
        };
      }),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  async detail(site: Site, slug: string): Promise<PropertyDetail | null> {
    const [row] = await this.db.query(
      `SELECT "payload" FROM "listing_read" WHERE "site" = $1 AND "slug" = $2 ORDER BY "approved_at" DESC LIMIT 1`,
      [site, slug],
    );
    if (!row) return null;
    const listing = toIndexedListing(row.payload);
    const query = (sql: string, parameters: unknown[]) => this.db.query(sql, parameters) as Promise<Row[]>;
    const [nearbyRows, similarRows, priceTrend] = this.aggregates
      ? await Promise.all([
          nearbyIndexed(query, listing),
          similarIndexed(query, listing),
          this.priceTrend(listing),
        ])
      : [
          await this.nearbyScanned(listing),
          await this.similarScanned(listing),
          await this.priceTrend(listing),
        ];
    return {
      listing: listing.doc,
      nearby: nearbyRows.map((r) => ({ ...hitOf(r), distanceKm: Number(r.distance) })),
      similar: similarRows.map(hitOf),
      priceTrend,
    };
  }

  /** The nearby listings of before: every listing of the box around the point, ordered by distance. */
  private nearbyScanned(listing: IndexedListing): Promise<Row[]> {
    const box = boxAround(listing.latitude, listing.longitude, NEARBY_RADIUS_KM);
    const p = new Params();
    const lat = p.add(listing.latitude);
    const lng = p.add(listing.longitude);
    return this.db.query(
      `SELECT * FROM (
         SELECT "payload", ${haversine(lat, lng)} AS "distance", "id" FROM "listing_read"
         WHERE "site" = ${p.add(listing.site)} AND "id" <> ${p.add(listing.id)}
           AND point("longitude", "latitude") <@ box(point(${p.add(box.west)}, ${p.add(box.south)}), point(${p.add(box.east)}, ${p.add(box.north)}))
       ) near WHERE "distance" <= ${p.add(NEARBY_RADIUS_KM)} ORDER BY "distance", "id" LIMIT ${DETAIL_RELATED_COUNT}`,
      p.values,
    );
  }

  /** The similar listings of before: all of the area's listings of the purpose and kind, sorted by price gap. */
  private similarScanned(listing: IndexedListing): Promise<Row[]> {
    return this.db.query(
      `SELECT "payload" FROM "listing_read"
       WHERE "site" = $1 AND "id" <> $2 AND "purpose" = $3 AND "kind" = $4
         AND ($5::text IS NULL OR "location_ids" @> ARRAY[$5::text])
       ORDER BY abs("display_price" - $6), "id" LIMIT ${DETAIL_RELATED_COUNT}`,
      [
        listing.site,
        listing.id,
        listing.purpose,
        listing.kind,
        listing.communityId ?? listing.cityId,
        listing.price,
      ],
    );
  }

  private async priceTrend(listing: IndexedListing): Promise<PriceTrend> {
    const place =
      listing.places.find((pl) => pl.level === 'community') ??
      listing.places.find((pl) => pl.level === 'city');
    const base = {
      purpose: listing.purpose,
      currency: listing.hit.currency,
      areaUnit: listing.hit.areaUnit,
    };
    if (!place) return { ...base, location: null, points: [] };
    const rows: Row[] = this.aggregates
      ? await priceTrendIndexed(
          (sql, parameters) => this.db.query(sql, parameters),
          listing.site,
          place.id,
          listing.purpose,
        )
      : await this.db.query(
          `SELECT * FROM (
         SELECT "month", percentile_cont(0.5) WITHIN GROUP (ORDER BY "price_per_area") AS "median",
           avg("price") AS "average", count(*)::int AS "n"
         FROM "price_history" WHERE "site" = $1 AND "location_id" = $2 AND "purpose" = $3
         GROUP BY "month" ORDER BY "month" DESC LIMIT 24) t ORDER BY "month"`,
          [listing.site, place.id, listing.purpose],
        );
    return {
      ...base,
      location: { id: place.id, name: place.name },
      points: rows.map((row) => ({
        month: row.month as string,
        medianPricePerArea: Math.round(Number(row.median) * 100) / 100,
        averagePrice: Math.round(Number(row.average) * 100) / 100,
        count: Number(row.n),
      })),
    };
  }
}

/**
 * The select list of the multi facets' grouping sets: each facet's value, whether the row groups
 * it (`g_<facet>` = 0) and its count (`c_<facet>`, the aggregate `count` gives around the
 * FILTER clause) with every other facet's filter.
 */
function facetSelect(conds: Condition[], count: (filter: string) => string): string {
  return MULTI_FACETS.map((facet) => {
    const others = conds.filter((c) => c.facet !== null && c.facet !== facet);
    const filter = `FILTER (WHERE ${others.length ? where(others) : 'true'})`;
    return `"${FACET_COLUMNS[facet]}", GROUPING("${FACET_COLUMNS[facet]}") AS "g_${facet}", ${count(filter)} AS "c_${facet}"`;
  }).join(', ');
}

/** The multi facets' buckets of grouping-set rows (facetSelect). */
function bucketsOf(rows: Row[]): Omit<SearchFacets, 'location'> {
  const facets = Object.fromEntries(MULTI_FACETS.map((facet) => [facet, []])) as unknown as Record<
    MultiFacet,
    { value: string | number; count: number }[]
  >;
  for (const row of rows)
    for (const facet of MULTI_FACETS) {
      const value = row[FACET_COLUMNS[facet]];
      if (Number(row[`g_${facet}`]) === 0 && value !== null)
        facets[facet].push({ value: value as string | number, count: Number(row[`c_${facet}`]) });
    }
  return Object.fromEntries(MULTI_FACETS.map((facet) => [facet, sortBuckets(facets[facet])])) as Omit<
    SearchFacets,
    'location'
  >;
}

/** Clusters of rows of grid cells (gx, gy) with their count and mean position. */
function clustersOf(rows: Row[], precision: number): MapClusters {
  const clusters = rows.map((row) => {
    const key = cellKey(Number(row.gx), Number(row.gy), precision);
    return {
      key,
      count: Number(row.n),
      centre: { lat: Number(row.lat), lng: Number(row.lng) },
      bounds: cellBounds(key),
    };
  });
  return { clusters, total: clusters.reduce((sum, c) => sum + c.count, 0), precision };
}

/** The columns of one `listing_read` row (the engine's upsert, and the benchmark's bulk loader). */
export function listingReadColumns(listing: IndexedListing, eventAt: Date): Record<string, unknown> {
  return {
    id: listing.id,
    site: listing.site,
    slug: listing.slug,
    title_en: listing.hit.title.en,
    title_ar: listing.hit.title.ar,
    property_type: listing.propertyType,
    kind: listing.kind,
    price: listing.hit.price,
    currency: listing.hit.currency,
    bedrooms: listing.bedrooms,
    bathrooms: listing.bathrooms,
    area: listing.area,
    area_unit: listing.hit.areaUnit,
    city_en: listing.hit.city.en,
    city_ar: listing.hit.city.ar,
    community_en: listing.hit.community.en,
    community_ar: listing.hit.community.ar,
    latitude: listing.latitude,
    longitude: listing.longitude,
    cover_photo: listing.hit.coverPhoto,
    agreement_type: listing.agreementType,
    agent_name: listing.hit.agentName,
    approved_at: listing.approvedAt,
    event_at: eventAt,
    purpose: listing.purpose,
    commercial: listing.commercial,
    display_price: listing.price,
    price_period: listing.pricePeriod,
    furnishing: listing.furnishing,
    market_status: listing.marketStatus,
    amenities: listing.amenities,
    location_ids: listing.locationIds,
    city_id: listing.cityId,
    community_id: listing.communityId,
    sub_community_id: listing.subCommunityId,
    building_id: listing.buildingId,
    agent_id: listing.agentId,
    company_id: listing.companyId,
    text_en: listing.textEn,
    text_ar: listing.textAr,
    body_en: listing.bodyEn,
    body_ar: listing.bodyAr,
    payload: listing.doc,
  };
}
