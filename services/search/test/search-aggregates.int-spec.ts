import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  clusterPrecisionForZoom,
  mapClustersQuerySchema,
  searchQuerySchema,
  type PublishedProperty,
  type Site,
} from '@manzil/contracts';
import { createMigratedDatabase, publishedProperty, type TestDatabase } from '@manzil/testing';
import type { DataSource } from 'typeorm';
import { buildDataSource } from '../src/data-source.js';
import { countsAnswer, rebuildSearchAggregates, tilesAnswer } from '../src/engines/postgres-aggregates.js';
import { PostgresSearchEngine } from '../src/engines/postgres-search-engine.js';
import { listing } from './listings.js';
import { applyRandomEvents, draws, listingIds, place } from './random-events.js';

/** Two cities per site, three communities each, two sub-communities each, a building or not. */
const CITIES: Record<Site, { city: ReturnType<typeof place>; lat: number; lng: number }[]> = {
  ae: [
    { city: place('ae.dubai', 'Dubai'), lat: 25.1, lng: 55.2 },
    { city: place('ae.abu-dhabi', 'Abu Dhabi'), lat: 24.45, lng: 54.4 },
  ],
  sa: [
    { city: place('sa.riyadh', 'Riyadh'), lat: 24.71, lng: 46.67 },
    { city: place('sa.jeddah', 'Jeddah'), lat: 21.5, lng: 39.2 },
  ],
};
const KINDS = ['apartment', 'villa', 'townhouse'] as const;
const FURNISHINGS = ['unfurnished', 'semiFurnished', 'furnished'] as const;
const MARKET = ['offPlanPrimary', 'secondaryReady'] as const;
const AGREEMENTS = ['exclusive-plus', 'exclusive', 'non-exclusive', 'shared'] as const;

/**
 * The pre-aggregated counts (facet_count, map_tile) are moved by every event the read model
 * applies: after a random sequence of approvals, edits, moves, removals, replays and events
 * arriving out of order, every search page and zoomed-out cluster answered from them equals the
 * answer of the live scan, and the tables equal a recount of the stored listings.
 */
describe('Postgres search aggregates', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let counted: PostgresSearchEngine;
  let live: PostgresSearchEngine;
  const SEED = 20261129;
  const d = draws(SEED);

  function payload(id: string, site: Site): PublishedProperty {
    const { city, lat, lng } = d.one(CITIES[site]);
    const community = place(`${city.id}.c${d.int(3)}`, `${city.name.en} community`);
    const sub = place(`${community.id}.s${d.int(2)}`, 'Sub');
    const building = place(`${sub.id}.b${d.int(2)}`, 'Tower');
    const depth = d.int(4); // 0: city only … 3: down to the building
    const purpose = d.one(['buy', 'rent'] as const);
    const commercial = d.random() < 0.2;
    const bedrooms = d.int(4);
    const base = publishedProperty(
      listing(site, {
        id,
        propertyType: commercial ? `commercial-${purpose}` : purpose,
        kind: d.one(KINDS),
        bedrooms,
        bathrooms: 1 + d.int(3),
        price: 500_000 + d.int(20) * 100_000,
        latitude: lat + (d.random() - 0.5) * 0.4,
        longitude: lng + (d.random() - 0.5) * 0.4,
        agreementType: d.one(AGREEMENTS),
        approvedAt: new Date(Date.UTC(2026, d.int(11), 1 + d.int(28))).toISOString(),
      }),
    );
    return {
      ...base,
      purpose,
      category: commercial ? 'commercial' : 'residential',
      prices: purpose === 'buy' ? base.prices : { ...base.prices, price: null, yearly: base.price },
      location: {
        city,
        community: depth >= 1 ? community : null,
        subCommunity: depth >= 2 ? sub : null,
        building: depth >= 3 ? building : null,
      },
      facts: {
        ...(d.random() < 0.8 ? { furnishing: d.one(FURNISHINGS) } : {}),
        ...(d.random() < 0.6 ? { marketStatus: d.one(MARKET) } : {}),
      },
    };
  }

  beforeAll(async () => {
    db = await createMigratedDatabase('search_aggregates', buildDataSource);
    dataSource = buildDataSource(db.url);
    await dataSource.initialize();
    counted = new PostgresSearchEngine(dataSource);
    live = new PostgresSearchEngine(dataSource, { aggregates: false });
    // 40 listings, 400 events: approvals and edits (new dimensions, places, coordinates),
    // removals, duplicates of the last event, and events older than the stored one.
    await applyRandomEvents(dataSource, counted, {
      d,
      ids: listingIds(40),
      siteOf: (n) => (n % 3 === 0 ? 'sa' : 'ae'),
      payload,
      steps: 400,
      late: 0.15,
      removals: 0.2,
    });
  }, 180_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it(`answers facets and totals as the live scan does (seed ${SEED})`, async () => {
    const places = (await dataSource.query(`SELECT "id", "site" FROM "search_location"`)) as {
      id: string;
      site: Site;
    }[];
    expect(places.length).toBeGreaterThan(20);
    for (let i = 0; i < 150; i++) {
      const site = d.one(['ae', 'sa'] as const);
      const filters: Record<string, unknown> = {};
      if (d.random() < 0.4) filters.purpose = d.one(['buy', 'rent']);
      if (d.random() < 0.2)
        filters.propertyType = d.one(['buy', 'rent', 'commercial-buy', 'commercial-rent']);
      if (d.random() < 0.2) filters.commercial = String(d.random() < 0.5);
      if (d.random() < 0.6) filters.locationId = d.one(places.filter((p) => p.site === site)).id;
      for (const [key, values] of Object.entries({
        kind: KINDS,
        bedrooms: ['0', '1', '2', '3'],
        bathrooms: ['1', '2', '3'],
        furnishing: FURNISHINGS,
        agreementType: AGREEMENTS,
        marketStatus: MARKET,
      }))
        if (d.random() < 0.3) filters[key] = d.some(values).join(',') || undefined;
      if (d.random() < 0.2) filters.facets = 'false';
      const query = searchQuerySchema.parse({ ...filters, limit: '5' });
      expect(countsAnswer(query)).toBe(true);
      const [fromCounts, scanned] = await Promise.all([
        counted.search(site, query),
        live.search(site, query),
      ]);
      expect({ filters, ...fromCounts }).toEqual({ filters, ...scanned });
    }
    const total = await counted.search('ae', searchQuerySchema.parse({ facets: 'false' }));
    expect(total.total).toBeGreaterThan(5);
  });

  it('answers zoomed-out clusters as the live scan does, at every tiled precision', async () => {
    let tiled = 0;
    for (let i = 0; i < 120; i++) {
      const site = d.one(['ae', 'sa'] as const);
      const { lat, lng } = d.one(CITIES[site]);
      const half = 0.02 + d.random() * 0.6;
      const filters: Record<string, unknown> = {
        north: String(lat + d.random() * half),
        south: String(lat - d.random() * half - 0.001),
        east: String(lng + d.random() * half),
        west: String(lng - d.random() * half - 0.001),
        zoom: String(2 + d.int(15)),
      };
      if (d.random() < 0.3) filters.purpose = d.one(['buy', 'rent']);
      if (d.random() < 0.2) filters.propertyType = d.one(['buy', 'rent', 'commercial-buy']);
      const query = mapClustersQuerySchema.parse(filters);
      if (tilesAnswer(query, clusterPrecisionForZoom(query.zoom))) tiled++;
      const [fromTiles, scanned] = await Promise.all([
        counted.clusters(site, query),
        live.clusters(site, query),
      ]);
      const shape = (answer: typeof scanned) => answer.clusters.map((c) => [c.key, c.count, c.bounds]);
      expect({ filters, total: fromTiles.total, cells: shape(fromTiles) }).toEqual({
        filters,
        total: scanned.total,
        cells: shape(scanned),
      });
      fromTiles.clusters.forEach((cluster, n) => {
        expect(cluster.centre.lat).toBeCloseTo(scanned.clusters[n].centre.lat, 9);
        expect(cluster.centre.lng).toBeCloseTo(scanned.clusters[n].centre.lng, 9);
      });
    }
    expect(tiled).toBeGreaterThan(60);
  });

  it('keeps the tables equal to a recount of the stored listings', async () => {
    const snapshot = async () => ({
      facets: await dataSource.query(
        `SELECT "site", "location_id", "child_id", "purpose", "commercial", "property_type", "kind", "bedrooms",
           "bathrooms", "furnishing", "agreement_type", "market_status", "n" FROM "facet_count" ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12`,
      ),
      tiles: (
        (await dataSource.query(
          `SELECT "site", "precision", "gx", "gy", "purpose", "commercial", "property_type", "n", "sum_lat", "sum_lng"
           FROM "map_tile" ORDER BY 1, 2, 3, 4, 5, 6, 7`,
        )) as Record<string, unknown>[]
      ).map(({ sum_lat, sum_lng, ...key }) => ({
        ...key,
        sum: (Number(sum_lat) + Number(sum_lng)).toFixed(6),
      })),
    });
    const kept = await snapshot();
    expect(kept.facets.length).toBeGreaterThan(20);
    expect(kept.tiles.length).toBeGreaterThan(20);
    // Nothing counted at 0 stays behind.
    expect(
      await dataSource.query(
        `SELECT 1 FROM "facet_count" WHERE "n" <= 0 UNION ALL SELECT 1 FROM "map_tile" WHERE "n" <= 0`,
      ),
    ).toEqual([]);
    await rebuildSearchAggregates((sql) => dataSource.query(sql));
    expect(await snapshot()).toEqual(kept);
  });
});
