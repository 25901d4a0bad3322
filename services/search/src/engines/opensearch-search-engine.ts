import { Client } from '@opensearch-project/opensearch';
import {
  clusterPrecisionForZoom,
  DETAIL_RELATED_COUNT,
  greatCircleKm,
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
import { cellBounds } from './geo.js';
import { childLevel, toIndexedListing, type IndexedListing } from './indexed-listing.js';
import { pinOf } from './pins.js';
import type { SavedFilters, SearchEngine } from './search-engine.js';

type Json = Record<string, unknown>;
interface Hit {
  _id: string;
  _version?: number;
  _source: Json;
  sort?: unknown[];
}
interface SearchBody {
  hits: { total: { value: number }; hits: Hit[] };
  aggregations?: Record<string, Json>;
}
interface Bucket {
  key: string | number;
  doc_count: number;
  [sub: string]: unknown;
}

/** Same normalisation as Postgres (normalizeSearchText before indexing and querying), then OpenSearch's own Arabic chain. */
const SETTINGS = {
  number_of_shards: 1,
  number_of_replicas: 0,
  analysis: {
    filter: {
      ar_stop: { type: 'stop', stopwords: '_arabic_' },
      ar_stemmer: { type: 'stemmer', language: 'arabic' },
      en_stop: { type: 'stop', stopwords: '_english_' },
      en_stemmer: { type: 'stemmer', language: 'english' },
      en_possessive: { type: 'stemmer', language: 'possessive_english' },
      prefixes: { type: 'edge_ngram', min_gram: 1, max_gram: 20 },
    },
    analyzer: {
      ar_text: {
        tokenizer: 'standard',
        filter: ['lowercase', 'decimal_digit', 'ar_stop', 'arabic_normalization', 'ar_stemmer'],
      },
      en_text: { tokenizer: 'standard', filter: ['en_possessive', 'lowercase', 'en_stop', 'en_stemmer'] },
      place_prefixes: { tokenizer: 'standard', filter: ['lowercase', 'arabic_normalization', 'prefixes'] },
      place_words: { tokenizer: 'standard', filter: ['lowercase', 'arabic_normalization'] },
    },
  },
};

const keyword = { type: 'keyword' };
const LISTING_MAPPING = {
  dynamic: false,
  properties: {
    id: keyword,
    live: { type: 'boolean' },
    site: keyword,
    slug: keyword,
    propertyType: keyword,
    purpose: keyword,
    commercial: { type: 'boolean' },
    kind: keyword,
    bedrooms: { type: 'integer' },
    bathrooms: { type: 'integer' },
    price: { type: 'double' },
    area: { type: 'double' },
    location: { type: 'geo_point' },
    furnishing: keyword,
    marketStatus: keyword,
    agreementType: keyword,
    amenities: keyword,
    locationIds: keyword,
    cityId: keyword,
    communityId: keyword,
    subCommunityId: keyword,
    buildingId: keyword,
    agentId: keyword,
    companyId: keyword,
    approvedAt: { type: 'date' },
    textEn: { type: 'text', analyzer: 'en_text', copy_to: 'allEn' },
    bodyEn: { type: 'text', analyzer: 'en_text', copy_to: 'allEn' },
    textAr: { type: 'text', analyzer: 'ar_text', copy_to: 'allAr' },
    bodyAr: { type: 'text', analyzer: 'ar_text', copy_to: 'allAr' },
    allEn: { type: 'text', analyzer: 'en_text' },
    allAr: { type: 'text', analyzer: 'ar_text' },
    payload: { type: 'object', enabled: false },
  },
};
const LOCATION_MAPPING = {
  dynamic: false,
  properties: {
    id: keyword,
    site: keyword,
    level: keyword,
    parentId: keyword,
    norm: { type: 'text', analyzer: 'place_prefixes', search_analyzer: 'place_words' },
    name: { type: 'object', enabled: false },
    path: { type: 'object', enabled: false },
  },
};
const HISTORY_MAPPING = {
  dynamic: false,
  properties: {
    site: keyword,
    locationId: keyword,
    purpose: keyword,
    month: keyword,
    price: { type: 'double' },
    pricePerArea: { type: 'double' },
  },
};

const FIELDS: Record<MultiFacet, string> = {
  propertyType: 'propertyType',
  kind: 'kind',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  furnishing: 'furnishing',
  agreementType: 'agreementType',
  marketStatus: 'marketStatus',
};
const LEVEL_FIELDS: Record<LocationLevel, string> = {
  city: 'cityId',
  community: 'communityId',
  subCommunity: 'subCommunityId',
  building: 'buildingId',
};
const SORTS: Record<SearchQuery['sort'], Json[]> = {
  newest: [{ approvedAt: 'desc' }, { id: 'desc' }],
  'price-asc': [{ price: 'asc' }, { id: 'asc' }],
  'price-desc': [{ price: 'desc' }, { id: 'desc' }],
  area: [{ area: 'desc' }, { id: 'desc' }],
};

const bbox = (b: MapBounds) => ({
  geo_bounding_box: {
    location: { top_left: { lat: b.north, lon: b.west }, bottom_right: { lat: b.south, lon: b.east } },
  },
});

/** The filters: those of every query, and those of each multi facet (counted without their own). */
function filtersOf(site: Site, filters: SearchFilters, bounds: MapBounds | null) {
  const base: Json[] = [{ term: { site } }, { term: { live: true } }];
  if (filters.purpose) base.push({ term: { purpose: filters.purpose } });
  if (filters.commercial !== undefined) base.push({ term: { commercial: filters.commercial } });
  if (filters.locationId) base.push({ terms: { locationIds: filters.locationId } });
  if (filters.agentId) base.push({ term: { agentId: filters.agentId } });
  if (filters.companyId) base.push({ term: { companyId: filters.companyId } });
  const range = (field: string, gte?: number, lte?: number) => {
    if (gte !== undefined || lte !== undefined) base.push({ range: { [field]: { gte, lte } } });
  };
  range('price', filters.priceMin, filters.priceMax);
  range('area', filters.areaMin, filters.areaMax);
  for (const amenity of filters.amenities ?? []) base.push({ term: { amenities: amenity } });
  if (filters.q) {
    const q = normalizeSearchText(filters.q);
    base.push({
      bool: {
        should: [
          { match: { allEn: { query: q, operator: 'and' } } },
          { match: { allAr: { query: q, operator: 'and' } } },
        ],
        minimum_should_match: 1,
      },
    });
  }
  if (bounds) base.push(bbox(bounds));
  const facets: Partial<Record<MultiFacet, Json>> = {};
  for (const facet of MULTI_FACETS) {
    const selected = facetSelection(filters, facet);
    if (selected) facets[facet] = { terms: { [FIELDS[facet]]: selected } };
  }
  return { base, facets };
}

const payloadOf = (hit: Hit) => hit._source.payload as PropertySummary | PublishedProperty;
const hitOf = (hit: Hit) => toIndexedListing(payloadOf(hit)).hit;
const buckets = (agg: unknown) => ((agg as { buckets?: Bucket[] })?.buckets ?? []) as Bucket[];

/**
 * The scale-out engine: three indices per prefix (listings, places, price history), the
 * Arabic chain of OpenSearch over text already normalised like Postgres's, geo_point with
 * geohash_grid clusters, facets as filter + terms aggregations beside a post_filter. Writes
 * are ordered by the event's time through external versions (a removed listing stays as a
 * `live: false` tombstone), and refresh so an event handled is searchable at once.
 */
export class OpenSearchSearchEngine implements SearchEngine {
  private constructor(
    private readonly client: Client,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix: string): Promise<OpenSearchSearchEngine> {
    const engine = new OpenSearchSearchEngine(new Client({ node: url }), prefix);
    await engine.ensureIndices();
    return engine;
  }

  private get listings() {
    return `${this.prefix}-listings`;
  }
  private get places() {
    return `${this.prefix}-places`;
  }
  private get history() {
    return `${this.prefix}-history`;
  }

  /** Creates the indices a fresh cluster lacks (the mapping is the migration here). */
  async ensureIndices(): Promise<void> {
    for (const [index, mappings] of [
      [this.listings, LISTING_MAPPING],
      [this.places, LOCATION_MAPPING],
      [this.history, HISTORY_MAPPING],
    ] as const) {
      const { body: exists } = await this.client.indices.exists({ index });
      // An index from before a field was added gets it (adding fields is all a mapping update
      // may do); its documents index the field when their next event rewrites them.
      if (exists) await this.client.indices.putMapping({ index, body: mappings as never });
      else
        await this.client.indices
          .create({ index, body: { settings: SETTINGS, mappings } as never })
          .catch((error: { meta?: { body?: { error?: { type?: string } } } }) => {
            if (error.meta?.body?.error?.type !== 'resource_already_exists_exception') throw error;
          });
    }
  }

  /** Drops the indices (tests). */
  async drop(): Promise<void> {
    await this.client.indices.delete({ index: `${this.prefix}-*` }).catch(() => undefined);
    await this.client.close();
  }

  /**
   * Writes of an event refresh at once (`true`): a listing event is rare enough (thousands a
   * day) for the cost, and `wait_for` would make every event wait up to the 1 s refresh
   * interval. Bulk loads do not refresh (`refresh()` once at the end).
   */
  private async bulk(operations: Json[], refresh: boolean = true): Promise<void> {
    const { body } = await this.client.bulk({ refresh, body: operations as never });
    const failed = (body.items as Json[])
      .map((item) => Object.values(item)[0] as { status: number; error?: unknown })
      .filter((item) => item.error && item.status !== 409);
    if (failed.length) throw new Error(`OpenSearch refused a write: ${JSON.stringify(failed[0].error)}`);
  }

  async upsert(listing: IndexedListing, eventAt: Date): Promise<void> {
    await this.bulk(this.upsertOperations(listing, eventAt));
  }

  /** Many listings in one request, searchable after the next refresh (benchmark loads, reindexing). */
  async load(listings: IndexedListing[], eventAt: Date): Promise<void> {
    await this.bulk(
      listings.flatMap((listing) => this.upsertOperations(listing, eventAt)),
      false,
    );
  }

  /** Makes every write so far searchable. */
  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: `${this.prefix}-*` });
  }

  private upsertOperations(listing: IndexedListing, eventAt: Date): Json[] {
    const version = { version: eventAt.getTime(), version_type: 'external_gte' };
    const month = listing.approvedAt.toISOString().slice(0, 7);
    const operations: Json[] = [
      { index: { _index: this.listings, _id: listing.id, ...version } },
      {
        id: listing.id,
        live: true,
        site: listing.site,
        slug: listing.slug,
        propertyType: listing.propertyType,
        purpose: listing.purpose,
        commercial: listing.commercial,
        kind: listing.kind,
        bedrooms: listing.bedrooms,
        bathrooms: listing.bathrooms,
        price: listing.price,
        area: listing.area,
        location: { lat: listing.latitude, lon: listing.longitude },
        furnishing: listing.furnishing,
        marketStatus: listing.marketStatus,
        agreementType: listing.agreementType,
        amenities: listing.amenities,
        locationIds: listing.locationIds,
        cityId: listing.cityId,
        communityId: listing.communityId,
        subCommunityId: listing.subCommunityId,
        buildingId: listing.buildingId,
        agentId: listing.agentId,
        companyId: listing.companyId,
        approvedAt: listing.approvedAt.toISOString(),
        textEn: listing.textEn,
        textAr: listing.textAr,
        bodyEn: listing.bodyEn,
        bodyAr: listing.bodyAr,
        payload: listing.doc,
      },
    ];
    for (const place of listing.places)
      operations.push({ index: { _index: this.places, _id: place.id } }, place as unknown as Json);
    for (const locationId of [listing.cityId, listing.communityId].filter((id): id is string => id !== null))
      operations.push(
        { index: { _index: this.history, _id: `${listing.id}:${month}:${locationId}` } },
        {
          site: listing.site,
          locationId,
          purpose: listing.purpose,
          month,
          price: listing.price,
          pricePerArea: listing.price / listing.area,
        },
      );
    return operations;
  }

  async remove(site: Site, id: string, eventAt: Date): Promise<void> {
    await this.bulk([
      { index: { _index: this.listings, _id: id, version: eventAt.getTime(), version_type: 'external_gte' } },
      { id, site, live: false },
    ]);
  }

  /** One request: a `filters` aggregation, a bucket per saved search, over the one listing. */
  async matching(site: Site, listingId: string, searches: SavedFilters[]): Promise<string[]> {
    if (searches.length === 0) return [];
    const filters = Object.fromEntries(
      searches.map((search) => {
        const { base, facets } = filtersOf(site, search.filters, null);
        return [search.id, { bool: { filter: [...base, ...Object.values(facets)] } }];
      }),
    );
    const answer = await this.query(this.listings, {
      size: 0,
      query: { ids: { values: [listingId] } },
      aggs: { matched: { filters: { filters } } },
    });
    const buckets = (answer.aggregations?.matched as { buckets?: Record<string, { doc_count: number }> })
      ?.buckets;
    return Object.entries(buckets ?? {})
      .filter(([, bucket]) => bucket.doc_count > 0)
      .map(([id]) => id);
  }

  private async query(index: string, body: Json): Promise<SearchBody> {
    const { body: answer } = await this.client.search({ index, body: body as never });
    return answer as unknown as SearchBody;
  }

  async search(site: Site, query: SearchQuery): Promise<SearchResultPage> {
    const { base, facets } = filtersOf(site, query, boundsOf(query));
    const all = Object.values(facets);
    const aggs: Json = {};
    if (query.facets) {
      for (const facet of MULTI_FACETS) {
        const others = Object.entries(facets)
          .filter(([key]) => key !== facet)
          .map(([, f]) => f);
        aggs[facet] = {
          filter: { bool: { filter: others } },
          aggs: { values: { terms: { field: FIELDS[facet], size: 50 } } },
        };
      }
    }
    const body = await this.query(this.listings, {
      query: { bool: { filter: base } },
      post_filter: { bool: { filter: all } },
      sort: SORTS[query.sort],
      from: (query.page - 1) * query.limit,
      size: query.limit,
      track_total_hits: true,
      aggs,
    });
    let result: SearchFacets | null = null;
    if (query.facets) {
      const counted = Object.fromEntries(
        MULTI_FACETS.map((facet) => [
          facet,
          sortBuckets(
            buckets((body.aggregations?.[facet] as Json)?.values).map((b) => ({
              value: b.key as string | number,
              count: b.doc_count,
            })),
          ),
        ]),
      ) as Omit<SearchFacets, 'location'>;
      result = { ...counted, location: await this.locationFacet([...base, ...all], query.locationId) };
    }
    return {
      items: body.hits.hits.map(hitOf),
      page: query.page,
      limit: query.limit,
      total: body.hits.total.value,
      facets: result,
    };
  }

  private async locationFacet(
    filter: Json[],
    locationIds: string[] | undefined,
  ): Promise<SearchFacets['location']> {
    let deepest: LocationLevel | null = null;
    if (locationIds) {
      const order: LocationLevel[] = ['city', 'community', 'subCommunity', 'building'];
      const found = await this.placesById(locationIds);
      deepest = found.map((p) => p.level).sort((a, b) => order.indexOf(b) - order.indexOf(a))[0] ?? 'city';
    }
    const level = childLevel(deepest);
    if (!level) return [];
    const body = await this.query(this.listings, {
      size: 0,
      query: { bool: { filter } },
      aggs: { places: { terms: { field: LEVEL_FIELDS[level], size: 50 } } },
    });
    const counts = buckets(body.aggregations?.places);
    const names = new Map((await this.placesById(counts.map((b) => String(b.key)))).map((p) => [p.id, p]));
    return counts
      .filter((b) => names.has(String(b.key)))
      .sort((a, b) => b.doc_count - a.doc_count || String(a.key).localeCompare(String(b.key)))
      .map((b) => {
        const place = names.get(String(b.key))!;
        return { id: place.id, level: place.level, name: place.name, count: b.doc_count };
      });
  }

  private async placesById(ids: string[]) {
    if (!ids.length) return [];
    const { body } = await this.client.mget({ index: this.places, body: { ids } });
    return (body.docs as { found?: boolean; _source?: Json }[])
      .filter((doc) => doc.found)
      .map(
        (doc) =>
          doc._source as unknown as { id: string; level: LocationLevel; name: { en: string; ar: string } },
      );
  }

  async clusters(site: Site, query: MapClustersQuery): Promise<MapClusters> {
    const precision = clusterPrecisionForZoom(query.zoom);
    const { base, facets } = filtersOf(site, query, boundsOf(query));
    const body = await this.query(this.listings, {
      size: 0,
      query: { bool: { filter: [...base, ...Object.values(facets)] } },
      aggs: {
        cells: {
          geohash_grid: { field: 'location', precision, size: MAP_CLUSTER_MAX },
          aggs: { centre: { geo_centroid: { field: 'location' } } },
        },
      },
    });
    const clusters = buckets(body.aggregations?.cells).map((b) => {
      const centre = (b.centre as { location: { lat: number; lon: number } }).location;
      const key = String(b.key);
      return {
        key,
        count: b.doc_count,
        centre: { lat: centre.lat, lng: centre.lon },
        bounds: cellBounds(key),
      };
    });
    return { clusters, total: clusters.reduce((sum, c) => sum + c.count, 0), precision };
  }

  async pins(site: Site, query: MapPinsQuery): Promise<Page<MapPin>> {
    const { base, facets } = filtersOf(site, query, boundsOf(query));
    const body = await this.query(this.listings, {
      query: { bool: { filter: [...base, ...Object.values(facets)] } },
      sort: SORTS.newest,
      from: (query.page - 1) * query.limit,
      size: query.limit,
      track_total_hits: true,
    });
    return {
      items: body.hits.hits.map((hit) => pinOf(hitOf(hit))),
      page: query.page,
      limit: query.limit,
      total: body.hits.total.value,
    };
  }

  /** The last event's time is the document's external version (`upsertOperations`). */
  async sitemap(site: Site, page: number, limit: number): Promise<Page<SitemapListing>> {
    const body = await this.query(this.listings, {
      query: { bool: { filter: [{ term: { site } }, { term: { live: true } }] } },
      sort: SORTS.newest,
      from: (page - 1) * limit,
      size: limit,
      version: true,
      _source: ['slug'],
      track_total_hits: true,
    });
    return {
      items: body.hits.hits.map((hit) => ({
        slug: hit._source.slug as string,
        lastmod: new Date(Number(hit._version)).toISOString(),
      })),
      page,
      limit,
      total: body.hits.total.value,
    };
  }

  async autocomplete(site: Site, query: LocationAutocompleteQuery): Promise<Page<LocationSuggestion>> {
    const filter: Json[] = [{ term: { site } }];
    if (query.level) filter.push({ terms: { level: query.level } });
    const body = await this.query(this.places, {
      query: {
        bool: {
          filter,
          must: [{ match: { norm: { query: normalizeSearchText(query.q), operator: 'and' } } }],
        },
      },
      sort: ['_score', { id: 'asc' }],
      from: (query.page - 1) * query.limit,
      size: query.limit,
      track_total_hits: true,
    });
    const places = body.hits.hits.map((hit) => hit._source as unknown as LocationSuggestion);
    const stats = new Map<string, { count: number; centre: { lat: number; lng: number } | null }>();
    if (places.length) {
      const counts = await this.query(this.listings, {
        size: 0,
        query: {
          bool: { filter: [{ term: { live: true } }, { terms: { locationIds: places.map((p) => p.id) } }] },
        },
        aggs: {
          places: {
            terms: { field: 'locationIds', include: places.map((p) => p.id), size: places.length },
            aggs: { centre: { geo_centroid: { field: 'location' } } },
          },
        },
      });
      for (const b of buckets(counts.aggregations?.places)) {
        const centre = (b.centre as { location?: { lat: number; lon: number } }).location;
        stats.set(String(b.key), {
          count: b.doc_count,
          centre: centre ? { lat: centre.lat, lng: centre.lon } : null,
        });
      }
    }
    return {
      items: places.map((place) => ({
        id: place.id,
        level: place.level,
        name: place.name,
        path: place.path,
        parentId: place.parentId ?? null,
        count: stats.get(place.id)?.count ?? 0,
        centre: stats.get(place.id)?.centre ?? null,
      })),
      page: query.page,
      limit: query.limit,
      total: body.hits.total.value,
    };
  }

  async detail(site: Site, slug: string): Promise<PropertyDetail | null> {
    const found = await this.query(this.listings, {
      query: { bool: { filter: [{ term: { site } }, { term: { live: true } }, { term: { slug } }] } },
      sort: SORTS.newest,
      size: 1,
    });
    const [first] = found.hits.hits;
    if (!first) return null;
    const listing = toIndexedListing(payloadOf(first));
    const live = [{ term: { site } }, { term: { live: true } }];
    const others = { must_not: [{ term: { id: listing.id } }] };
    const here = { lat: listing.latitude, lon: listing.longitude };
    const [nearby, similar] = await Promise.all([
      this.query(this.listings, {
        query: {
          bool: {
            filter: [...live, { geo_distance: { distance: `${NEARBY_RADIUS_KM}km`, location: here } }],
            ...others,
          },
        },
        sort: [
          { _geo_distance: { location: here, order: 'asc', unit: 'km', distance_type: 'arc' } },
          { id: 'asc' },
        ],
        size: DETAIL_RELATED_COUNT,
      }),
      this.similar(listing, live),
    ]);
    return {
      listing: listing.doc,
      nearby: nearby.hits.hits.map((hit) => {
        const card = hitOf(hit);
        const distanceKm = greatCircleKm(
          { lat: listing.latitude, lng: listing.longitude },
          { lat: card.latitude, lng: card.longitude },
        );
        return { ...card, distanceKm };
      }),
      similar,
      priceTrend: await this.priceTrend(listing),
    };
  }

  /**
   * Same purpose and kind in the same area, closest price first (then id): the nearest above
   * and the nearest below, merged (the integ-test distribution has no scripting for a sort).
   */
  private async similar(listing: IndexedListing, live: Json[]) {
    const area = listing.communityId ?? listing.cityId;
    const filter = [
      ...live,
      { term: { purpose: listing.purpose } },
      { term: { kind: listing.kind } },
      ...(area ? [{ term: { locationIds: area } }] : []),
    ];
    const side = (range: Json, order: 'asc' | 'desc') =>
      this.query(this.listings, {
        query: {
          bool: {
            filter: [...filter, { range: { price: range } }],
            must_not: [{ term: { id: listing.id } }],
          },
        },
        sort: [{ price: order }, { id: 'asc' }],
        size: DETAIL_RELATED_COUNT,
      });
    const [above, below] = await Promise.all([
      side({ gte: listing.price }, 'asc'),
      side({ lt: listing.price }, 'desc'),
    ]);
    return [...above.hits.hits, ...below.hits.hits]
      .map(hitOf)
      .map((hit) => ({ hit, gap: Math.abs(hit.displayPrice.amount - listing.price) }))
      .sort((a, b) => a.gap - b.gap || a.hit.id.localeCompare(b.hit.id))
      .slice(0, DETAIL_RELATED_COUNT)
      .map(({ hit }) => hit);
  }

  private async priceTrend(listing: IndexedListing): Promise<PriceTrend> {
    const place =
      listing.places.find((p) => p.level === 'community') ?? listing.places.find((p) => p.level === 'city');
    const base = { purpose: listing.purpose, currency: listing.hit.currency, areaUnit: listing.hit.areaUnit };
    if (!place) return { ...base, location: null, points: [] };
    const body = await this.query(this.history, {
      size: 0,
      query: {
        bool: {
          filter: [
            { term: { site: listing.site } },
            { term: { locationId: place.id } },
            { term: { purpose: listing.purpose } },
          ],
        },
      },
      aggs: {
        months: {
          terms: { field: 'month', size: 24, order: { _key: 'desc' } },
          aggs: {
            median: { percentiles: { field: 'pricePerArea', percents: [50] } },
            average: { avg: { field: 'price' } },
          },
        },
      },
    });
    const points = buckets(body.aggregations?.months)
      .map((b) => ({
        month: String(b.key),
        medianPricePerArea:
          Math.round(
            Number(Object.values((b.median as { values: Record<string, number> }).values)[0]) * 100,
          ) / 100,
        averagePrice: Math.round(Number((b.average as { value: number }).value) * 100) / 100,
        count: b.doc_count,
      }))
      .sort((a, b) => a.month.localeCompare(b.month));
    return { ...base, location: { id: place.id, name: place.name }, points };
  }
}
