import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PropertySummary, PublishedProperty, Site } from '@manzil/contracts';
import { createMigratedDatabase, publishedProperty, type TestDatabase } from '@manzil/testing';
import type { DataSource } from 'typeorm';
import { buildDataSource } from '../src/data-source.js';
import { rebuildPriceTrend } from '../src/engines/postgres-detail.js';
import { PostgresSearchEngine } from '../src/engines/postgres-search-engine.js';
import { listing } from './listings.js';
import { applyRandomEvents, draws, listingIds, place } from './random-events.js';

const CITIES: Record<Site, { city: ReturnType<typeof place>; lat: number; lng: number }[]> = {
  ae: [
    { city: place('ae.dubai', 'Dubai'), lat: 25.1, lng: 55.2 },
    { city: place('ae.abu-dhabi', 'Abu Dhabi'), lat: 24.45, lng: 54.4 },
  ],
  sa: [{ city: place('sa.riyadh', 'Riyadh'), lat: 24.71, lng: 46.67 }],
};
const KINDS = ['apartment', 'villa'] as const;

/**
 * The detail page of the Postgres engine by its indexes and `price_trend` (migration
 * 1765450000000) answers what the scans of before answer (`aggregates: false`): after a random
 * sequence of approvals, edits (new price, purpose, kind, place, point, month), removals,
 * replays and late events over 60 listings crowded on a few points (equal distances, equal
 * prices: the ties at the sixth place), every listing's nearby, similar and price trend are the
 * scan's, and `price_trend` equals a recount of the price history.
 */
describe('Postgres detail page', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let indexed: PostgresSearchEngine;
  let scanned: PostgresSearchEngine;
  const SEED = 20261130;
  const d = draws(SEED);
  const ids = listingIds(60);
  const siteOf = (n: number): Site => (n % 4 === 0 ? 'sa' : 'ae');

  function payload(id: string, site: Site): PublishedProperty | PropertySummary {
    const { city, lat, lng } = d.one(CITIES[site]);
    // A few points 0–6 km apart (some beyond the nearby radius of 5 km), many listings on each.
    const latitude = lat + d.int(4) * 0.015 + (d.random() < 0.3 ? d.random() * 0.001 : 0);
    const longitude = lng + d.int(3) * 0.02;
    const purpose = d.one(['buy', 'rent'] as const);
    const price = 1_000_000 + d.int(8) * 50_000 + (d.random() < 0.2 ? 0.5 : 0);
    const summary = listing(site, {
      id,
      slug: `detail-${id}`,
      propertyType: purpose,
      kind: d.one(KINDS),
      price,
      area: 500 + d.int(4) * 250,
      latitude,
      longitude,
      approvedAt: new Date(Date.UTC(2026, d.int(4), 1 + d.int(28))).toISOString(),
    });
    if (d.random() < 0.1) return summary; // v1: no hierarchy (no area for similar, no trend)
    const base = publishedProperty(summary);
    const community = place(`${city.id}.c${d.int(3)}`, `${city.name.en} community`);
    return {
      ...base,
      purpose,
      prices: purpose === 'buy' ? base.prices : { ...base.prices, price: null, yearly: base.price },
      location: {
        city,
        community: d.random() < 0.75 ? community : null,
        subCommunity: null,
        building: null,
      },
    };
  }

  beforeAll(async () => {
    db = await createMigratedDatabase('search_detail', buildDataSource);
    dataSource = buildDataSource(db.url);
    await dataSource.initialize();
    indexed = new PostgresSearchEngine(dataSource);
    scanned = new PostgresSearchEngine(dataSource, { aggregates: false });
    await applyRandomEvents(dataSource, indexed, {
      d,
      ids,
      siteOf,
      payload,
      steps: 500,
      late: 0.1,
      removals: 0.1,
    });
  }, 180_000);
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it(`answers every listing's nearby, similar and price trend as the scans do (seed ${SEED})`, async () => {
    const live = (await dataSource.query(`SELECT "site", "slug" FROM "listing_read" ORDER BY "id"`)) as {
      site: Site;
      slug: string;
    }[];
    expect(live.length).toBeGreaterThan(30);
    let fullNearby = 0;
    let fullSimilar = 0;
    let trends = 0;
    for (const { site, slug } of live) {
      const [fast, reference] = await Promise.all([indexed.detail(site, slug), scanned.detail(site, slug)]);
      expect({ slug, ...fast }).toEqual({ slug, ...reference });
      if (reference?.nearby.length === 6) fullNearby++;
      if (reference?.similar.length === 6) fullSimilar++;
      if (reference?.priceTrend.points.some((point) => point.count > 1)) trends++;
    }
    // The comparison saw crowded answers, not empty ones.
    expect(fullNearby).toBeGreaterThan(10);
    expect(fullSimilar).toBeGreaterThan(5);
    expect(trends).toBeGreaterThan(10);
  });

  it('keeps price_trend equal to a recount of the price history', async () => {
    const snapshot = () =>
      dataSource.query(
        `SELECT "site", "location_id", "purpose", "month", "n", "sum_price"::text FROM "price_trend" ORDER BY 1, 2, 3, 4`,
      );
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(10);
    expect(await dataSource.query(`SELECT 1 FROM "price_trend" WHERE "n" <= 0`)).toEqual([]);
    await rebuildPriceTrend((sql) => dataSource.query(sql));
    expect(await snapshot()).toEqual(kept);
  });

  // The nearest-first walk needs the query's point expression to be the index's; the median, the
  // history's index (on a table this small, the similar listings' walk is any index's).
  it('walks the sphere index and the median index, never a scan', async () => {
    const [{ site, slug }] = await dataSource.query(
      `SELECT "site", "slug" FROM "listing_read" WHERE "community_id" IS NOT NULL ORDER BY "id" LIMIT 1`,
    );
    // A few rows are read faster by a scan: the planner is told not to, on one connection.
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.query('SET enable_seqscan = off');
    const plans: string[] = [];
    const query = async (sql: string, parameters: unknown[]) => {
      if (!sql.includes('"slug" = $2'))
        for (const row of (await runner.query(`EXPLAIN ${sql}`, parameters)) as { 'QUERY PLAN': string }[])
          plans.push(row['QUERY PLAN']);
      return runner.query(sql, parameters);
    };
    const explaining = new PostgresSearchEngine({ manager: { query } } as unknown as DataSource);
    try {
      expect(await explaining.detail(site, slug)).toEqual(await scanned.detail(site, slug));
    } finally {
      await runner.release();
    }
    const plan = plans.join('\n');
    expect(plan).toContain('listing_read_sphere_idx');
    expect(plan).toContain('price_history_median_idx');
    expect(plan).not.toMatch(/Seq Scan on (listing_read|price_history)/);
  });
});
