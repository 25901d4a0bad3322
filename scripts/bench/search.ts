/**
 * Search benchmark (issue 12, "Measured"): a generator of realistic listings over both sites
 * (skewed: Dubai and Riyadh dense, a few communities very popular), loaded into each engine's
 * read model, then at concurrency 32 through the gateway (gateway → search service → engine,
 * Redis cache on) for: a search page (list + facet counts), map clusters of a 10×10 km
 * viewport, map pins of a 1×1 km box over the densest area, autocomplete in English and
 * Arabic, full text in English and Arabic, detail; and the same engine queries run directly
 * (no HTTP, no cache: the SQL on Postgres through a pool of 8, or the OpenSearch requests),
 * printing p50/p95/p99, requests per second and the API/raw ratio, both engines side by side.
 * On Postgres the search page and the clusters are also run raw without the pre-aggregated
 * counts (`aggregates: false`: the scans of before), right after, for a before/after of the
 * same machine state.
 *
 *   node --conditions=source --import ./infra/testing/src/swc-register.mjs \
 *     scripts/bench/search.ts [--listings 1000000] [--seconds 10] [--concurrency 32]
 *     [--engines postgres,opensearch] [--cases detail,search page] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *     [--redis redis://127.0.0.1:6379]       OPENSEARCH_URL=… for the OpenSearch engine
 *
 * Topology (printed at the start): as production runs them, the gateway and the search service
 * each in a process of its own (their built `dist/main.js`, NODE_ENV=production, LOG_LEVEL=info,
 * logs to a file under /tmp, free ports), the load from autocannon in this process (32
 * keep-alive connections), so the Node work spreads over the cores as it does in a deployment.
 * `npm run build` first. The raw column (engine calls, no HTTP) runs in this process.
 *   --topology single     the bench of before: the gateway and the service in this process with
 *                         the load (an in-process loop of http.get), one thread for all three
 *   --compare DIR         also start DIR's gateway and service (another checkout, built) and run
 *                         each API case on both, one right after the other (before/after of the
 *                         same minute on the same data)
 *   --profile DIR         run the processes with `--cpu-prof`, profiles written to DIR at the
 *                         end (scripts/bench/cpu-profile.ts summarises them)
 *   --cases a,b           only the cases whose name starts with one of these
 *   --accept-encoding X   the API cases' Accept-Encoding (default Chromium's, 'gzip, deflate, br,
 *                         zstd', as the pages ask; '' for none): the gateway answers kept pages
 *                         compressed to clients that accept it. Each case prints KB per answer.
 *
 * Each API case first asks every distinct path it will cycle through once (the figures are the
 * steady state of pages many visitors ask: the gateway's and the service's caches warm), and
 * prints beside its latencies the CPU time per answered request of the gateway, the search
 * service, this process (autocannon) and the Redis server when it runs here (from /proc: far
 * less disturbed by other work on the machine than the latencies). The case "search page,
 * every query new" asks a query never asked before with every request (a new price floor):
 * what a search costs when no cache has its answer.
 *
 * The figures compare engines, topologies and API vs raw on the machine at hand (its load
 * average is printed); they are not a capacity. Not a test: nothing is asserted. The database
 * and indices it creates are dropped at the end.
 */
import 'reflect-metadata';
import http from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { INestApplication } from '@nestjs/common';
import { Client } from '@opensearch-project/opensearch';
import { createEventBus, newEvent } from '@manzil/bus';
import {
  listingApprovedV2,
  listingDeactivatedV1,
  listingSoldV1,
  TOPICS,
  locationAutocompleteQuerySchema,
  mapClustersQuerySchema,
  mapPinsQuerySchema,
  searchQuerySchema,
  type PublishedProperty,
  type Site,
} from '@manzil/contracts';
// The helpers themselves, not @manzil/testing's index (which loads jest's globals).
import { createTestApp } from '../../infra/testing/src/app.js';
import { createMigratedDatabase } from '../../infra/testing/src/database.js';
import { publishedProperty } from '../../infra/testing/src/listings.js';
import { createGatewayApp } from '../../services/gateway/src/app.js';
import { envSchema as gatewayEnv } from '../../services/gateway/src/config.js';
import { AppModule } from '../../services/search/src/app.module.js';
import { envSchema as searchEnv } from '../../services/search/src/config.js';
import { buildDataSource } from '../../services/search/src/data-source.js';
import type { DataSource } from 'typeorm';
import { toIndexedListing } from '../../services/search/src/engines/indexed-listing.js';
import { OpenSearchSearchEngine } from '../../services/search/src/engines/opensearch-search-engine.js';
import { PostgresSearchEngine } from '../../services/search/src/engines/postgres-search-engine.js';
import type { SearchEngine } from '../../services/search/src/engines/search-engine.js';
import { bulkLoadOpenSearch, bulkLoadPostgres } from './search-bulk-load.js';
import { processCpuMs, startServiceProcess, type ServiceProcess } from './service-process.js';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '32' },
    engines: { type: 'string', default: 'postgres,opensearch' },
    pg: {
      type: 'string',
      default: process.env.MANZIL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    redis: { type: 'string', default: process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    topology: { type: 'string', default: 'processes' },
    compare: { type: 'string' },
    profile: { type: 'string' },
    cases: { type: 'string' },
    'accept-encoding': { type: 'string', default: 'gzip, deflate, br, zstd' },
  },
});
if (!['processes', 'single'].includes(values.topology)) throw new Error('--topology processes|single');
const SINGLE = values.topology === 'single';
process.env.MANZIL_TEST_PG_URL = values.pg;
const LISTINGS = Number(values.listings);
const SECONDS = Number(values.seconds);
const CONCURRENCY = Number(values.concurrency);
const OPENSEARCH_URL = process.env.OPENSEARCH_URL;
/** What the API cases send as Accept-Encoding: Chromium's by default, as the pages ask; '' for none. */
const ACCEPT_ENCODING = values['accept-encoding'];

// ---- generator -------------------------------------------------------------------------------

/** Deterministic: the same listings every run. */
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[], weights: readonly number[]): T => {
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < items.length; i++) if ((r -= weights[i]) <= 0) return items[i];
  return items[items.length - 1];
};
const gaussian = () => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
/** Zipf weights: a few communities very popular. */
const zipf = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1));

interface City {
  site: Site;
  id: string;
  en: string;
  ar: string;
  lat: number;
  lng: number;
  weight: number;
}
const CITIES: City[] = [
  { site: 'ae', id: 'ae.dubai', en: 'Dubai', ar: 'دبي', lat: 25.2048, lng: 55.2708, weight: 55 },
  { site: 'ae', id: 'ae.abu-dhabi', en: 'Abu Dhabi', ar: 'أبوظبي', lat: 24.4539, lng: 54.3773, weight: 20 },
  { site: 'ae', id: 'ae.sharjah', en: 'Sharjah', ar: 'الشارقة', lat: 25.3463, lng: 55.4209, weight: 10 },
  { site: 'sa', id: 'sa.riyadh', en: 'Riyadh', ar: 'الرياض', lat: 24.7136, lng: 46.6753, weight: 45 },
  { site: 'sa', id: 'sa.jeddah', en: 'Jeddah', ar: 'جدة', lat: 21.4858, lng: 39.1925, weight: 20 },
  { site: 'sa', id: 'sa.dammam', en: 'Dammam', ar: 'الدمام', lat: 26.4207, lng: 50.0888, weight: 8 },
];
const COMMUNITY_WORDS = [
  ['Marina', 'المارينا'],
  ['Hills', 'التلال'],
  ['Gardens', 'الحدائق'],
  ['Bay', 'الخليج'],
  ['Heights', 'المرتفعات'],
  ['Oasis', 'الواحة'],
  ['Park', 'المنتزه'],
  ['Creek', 'الخور'],
  ['Palm', 'النخلة'],
  ['Downtown', 'وسط المدينة'],
] as const;
const COMMUNITIES = CITIES.flatMap((city) =>
  Array.from({ length: 30 }, (_, i) => {
    const [en, ar] = COMMUNITY_WORDS[i % COMMUNITY_WORDS.length];
    return {
      city,
      id: `${city.id}.c${i}`,
      en: `${city.en} ${en} ${i + 1}`,
      ar: `${ar} ${i + 1} ${city.ar}`,
      lat: city.lat + gaussian() * 0.08,
      lng: city.lng + gaussian() * 0.08,
    };
  }),
);
const KINDS = ['apartment', 'villa', 'townhouse', 'penthouse', 'office'] as const;
const KIND_WORDS: Record<(typeof KINDS)[number], [string, string]> = {
  apartment: ['Apartment', 'شقة'],
  villa: ['Villa with pool', 'فيلا مع مسبح'],
  townhouse: ['Townhouse', 'تاون هاوس'],
  penthouse: ['Penthouse with sea view', 'بنتهاوس بإطلالة بحرية'],
  office: ['Office', 'مكتب'],
};

function generate(n: number): PublishedProperty {
  const city = pick(
    CITIES,
    CITIES.map((c) => c.weight),
  );
  const communities = COMMUNITIES.filter((c) => c.city === city);
  const community = pick(communities, zipf(communities.length));
  const sub = Math.floor(random() * 5);
  const building = Math.floor(random() * 5);
  const kind = pick(KINDS, [55, 20, 10, 5, 10]);
  const purpose = random() < 0.6 ? 'buy' : 'rent';
  const commercial = kind === 'office';
  const bedrooms = kind === 'office' ? 0 : Math.min(11, Math.max(0, Math.round(2 + gaussian() * 1.5)));
  const area = Math.round(
    (kind === 'villa' ? 3500 : 900) * Math.exp(gaussian() * 0.3) * (city.site === 'sa' ? 0.093 : 1),
  );
  const price = Math.round(
    (purpose === 'buy' ? 1_400 : 90) * area * Math.exp(gaussian() * 0.25) * (city.site === 'sa' ? 10.76 : 1),
  );
  const [en, ar] = KIND_WORDS[kind];
  const month = String(1 + (n % 12)).padStart(2, '0');
  const base = publishedProperty({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    site: city.site,
    slug: `bench-${n}`,
    title: { en: `${en} in ${community.en}`, ar: `${ar} في ${community.ar}` },
    propertyType: `${commercial ? 'commercial-' : ''}${purpose}` as PublishedProperty['propertyType'],
    kind,
    price,
    currency: city.site === 'ae' ? 'AED' : 'SAR',
    bedrooms,
    bathrooms: Math.max(1, bedrooms),
    area,
    areaUnit: city.site === 'ae' ? 'sqft' : 'sqm',
    city: { en: city.en, ar: city.ar },
    community: { en: community.en, ar: community.ar },
    latitude: community.lat + gaussian() * 0.01,
    longitude: community.lng + gaussian() * 0.01,
    coverPhoto: '/api/listings/v1/media/demo/marina-towers.svg',
    agreementType: pick(['exclusive-plus', 'exclusive', 'non-exclusive', 'shared'] as const, [1, 3, 4, 2]),
    agentName: 'Bench Agent',
    approvedAt: `2026-${month}-01T00:00:00.000Z`,
  });
  const subId = `${community.id}.s${sub}`;
  return {
    ...base,
    purpose,
    category: commercial ? 'commercial' : 'residential',
    prices:
      purpose === 'buy'
        ? { price, daily: null, weekly: null, monthly: null, yearly: null }
        : { price: null, daily: null, weekly: null, monthly: null, yearly: price },
    location: {
      city: { id: city.id, name: { en: city.en, ar: city.ar } },
      community: { id: community.id, name: { en: community.en, ar: community.ar } },
      subCommunity: { id: subId, name: { en: `${community.en} Phase ${sub + 1}`, ar: `المرحلة ${sub + 1}` } },
      building: {
        id: `${subId}.b${building}`,
        name: { en: `Tower ${building + 1}`, ar: `برج ${building + 1}` },
      },
    },
    facts: {
      furnishing: pick(['unfurnished', 'semiFurnished', 'furnished'], [5, 2, 3]),
      marketStatus: pick(['offPlanPrimary', 'secondaryReady', 'resaleSecondary'], [2, 5, 3]),
      amenities: random() < 0.4 ? ['pool', 'gym'] : ['parking'],
    },
  };
}

// ---- load --------------------------------------------------------------------------------------

/** Listing `n` of the generator as both engines store it. */
const indexed = (n: number) => toIndexedListing(generate(n));
const progress = (name: string) => (done: number) => {
  if (done % 50_000 < 2_000) process.stdout.write(`  ${name}: ${done} listings\r`);
};

// ---- measure -----------------------------------------------------------------------------------

interface Result {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The requests answered 200 (the processes topology's load). */
  answered?: number;
  /** CPU ms per answered request of each process measured (processes topology only). */
  cpu?: string;
  /** Mean bytes per answer as sent (body and headers; compressed when the client accepts it). */
  bytes?: number;
}

/** Runs `call` with CONCURRENCY callers for SECONDS; latencies in ms. */
async function measure(call: (i: number) => Promise<void>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await call(counter++);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

/**
 * CONCURRENCY keep-alive connections from autocannon for SECONDS, cycling through `paths`;
 * latencies of the 200 answers (autocannon's own summary has no p95).
 */
/** Counts the requests of the cases of new queries over the whole run (no query is asked twice). */
let uniqueCounter = 0;
async function load(
  port: number,
  site: Site,
  paths: string[],
  unique?: (n: number) => string,
): Promise<Result> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONCURRENCY,
        duration: SECONDS,
        headers: {
          host: `${site}.localhost`,
          ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}),
        },
        // A case of queries never asked before takes a new path for every request.
        requests: unique
          ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: unique(uniqueCounter++) }) }]
          : paths.map((path) => ({ method: 'GET', path })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode === 200) latencies.push(ms);
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    rps: latencies.length / (result.duration || SECONDS),
    answered: latencies.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    errors: result.errors + result.timeouts + result.non2xx,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
// A socket reset that no listener takes (a 1M run died of one in its ninth minute) is counted
// and printed, not the end of a run that took minutes to load.
// Anything else (a refused warm-up request, a rejected await) ends the run with its error
// instead of leaving it waiting forever.
let stray = 0;
const SOCKET_ERRORS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT']);
process.on('uncaughtException', (error) => {
  const code = (error as { code?: string }).code;
  if (!code || !SOCKET_ERRORS.has(code)) {
    console.error('search bench: stopped by', error);
    process.exit(1);
  }
  stray += 1;
  console.error(`  (stray socket error ${stray}: ${code})`);
});
function get(port: number, site: Site, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, agent, headers: { host: `${site}.localhost` } },
      (response) => {
        response.on('error', reject);
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The workload: each case as an API path and as the engine call behind it. */
function workloads() {
  const dubai = COMMUNITIES.filter((c) => c.city.id === 'ae.dubai');
  const densest = dubai[0];
  const box = (lat: number, lng: number, km: number) => {
    const dLat = km / 2 / 111.2;
    const dLng = dLat / Math.cos((lat * Math.PI) / 180);
    return { north: lat + dLat, south: lat - dLat, east: lng + dLng, west: lng - dLng };
  };
  const qs = (query: Record<string, unknown>) =>
    new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const pages = (i: number) => ({
    purpose: i % 2 ? 'buy' : 'rent',
    locationId: dubai[i % 5].id,
    bedrooms: String(1 + (i % 3)),
    page: String(1 + (i % 3)),
  });
  const viewport = (i: number) => ({ ...box(densest.lat + (i % 4) * 0.01, densest.lng, 10), zoom: 13 });
  const pinBox = (i: number) => box(densest.lat + (i % 4) * 0.001, densest.lng, 1);
  const en = ['mar', 'dubai hi', 'palm', 'downt'];
  const ar = ['المار', 'دبي', 'النخل', 'الخليج'];
  const textEn = ['villa pool', 'penthouse sea view', 'apartment marina'];
  const textAr = ['فيلا مسبح', 'شقه', 'بنتهاوس بحريه'];
  return [
    {
      name: 'search page (list + facets)',
      site: 'ae' as Site,
      aggregated: true,
      path: (i: number) => `/api/search/v1/properties?${qs(pages(i))}`,
      raw: (e: SearchEngine, i: number) => e.search('ae', searchQuerySchema.parse(pages(i))),
    },
    {
      // The same page with a price floor no visitor asked before, for every request: what a
      // search costs when neither cache has its answer (the long tail of queries).
      name: 'search page, every query new',
      site: 'ae' as Site,
      path: (i: number) => `/api/search/v1/properties?${qs({ ...pages(i), priceMin: 1_000 + i })}`,
      unique: (n: number) => `/api/search/v1/properties?${qs({ ...pages(n), priceMin: 1_000_000 + n })}`,
      raw: (e: SearchEngine, i: number) =>
        e.search('ae', searchQuerySchema.parse({ ...pages(i), priceMin: String(2_000_000 + i) })),
    },
    {
      name: 'map clusters 10×10 km',
      site: 'ae' as Site,
      aggregated: true,
      path: (i: number) => `/api/search/v1/map/clusters?${qs(viewport(i))}`,
      raw: (e: SearchEngine, i: number) => e.clusters('ae', mapClustersQuerySchema.parse(viewport(i))),
    },
    {
      name: 'map pins 1×1 km (densest)',
      site: 'ae' as Site,
      path: (i: number) => `/api/search/v1/map/pins?${qs(pinBox(i))}`,
      raw: (e: SearchEngine, i: number) => e.pins('ae', mapPinsQuerySchema.parse(pinBox(i))),
    },
    {
      name: 'autocomplete en',
      site: 'ae' as Site,
      path: (i: number) => `/api/search/v1/locations/autocomplete?${qs({ q: en[i % en.length] })}`,
      raw: (e: SearchEngine, i: number) =>
        e.autocomplete('ae', locationAutocompleteQuerySchema.parse({ q: en[i % en.length] })),
    },
    {
      name: 'autocomplete ar',
      site: 'ae' as Site,
      path: (i: number) => `/api/search/v1/locations/autocomplete?${qs({ q: ar[i % ar.length] })}`,
      raw: (e: SearchEngine, i: number) =>
        e.autocomplete('ae', locationAutocompleteQuerySchema.parse({ q: ar[i % ar.length] })),
    },
    {
      name: 'full text en',
      site: 'ae' as Site,
      path: (i: number) => `/api/search/v1/properties?${qs({ q: textEn[i % 3], facets: false })}`,
      raw: (e: SearchEngine, i: number) =>
        e.search('ae', searchQuerySchema.parse({ q: textEn[i % 3], facets: false })),
    },
    {
      name: 'full text ar',
      site: 'ae' as Site,
      path: (i: number) => `/api/search/v1/properties?${qs({ q: textAr[i % 3], facets: false })}`,
      raw: (e: SearchEngine, i: number) =>
        e.search('ae', searchQuerySchema.parse({ q: textAr[i % 3], facets: false })),
    },
    {
      name: 'no match',
      site: 'ae' as Site,
      path: () => `/api/search/v1/properties?${qs({ q: 'zzzqqq', bedrooms: 11 })}`,
      raw: (e: SearchEngine) => e.search('ae', searchQuerySchema.parse({ q: 'zzzqqq', bedrooms: '11' })),
    },
    {
      name: 'detail',
      site: 'ae' as Site,
      // Postgres: nearby, similar and the price trend by indexes and `price_trend` (migration
      // 1765450000000), and raw without them (the scans of before).
      aggregated: true,
      // Slugs of the UAE site: the generator is deterministic, so these are the first ones of ae.
      path: (i: number) => `/api/search/v1/properties/${aeSlugs[i % aeSlugs.length]}`,
      raw: (e: SearchEngine, i: number) => e.detail('ae', aeSlugs[i % aeSlugs.length]),
    },
  ];
}
let aeSlugs: string[] = [];

/**
 * Freshness (issue 12 point 8: approved, changed, sold or withdrawn, reflected within 1 s p95):
 * listings approved on the bus one after another, each polled through the gateway (its detail
 * page) until it answers 200; then changed (approved again, as an accepted edit is, with a new
 * price), polled until the page shows the new price; then sold (even ones) or withdrawn by
 * their owner (odd ones, `listing.deactivated` with `active: false`), polled until 404.
 */
async function freshness(port: number, namespace: string): Promise<string> {
  const bus = createEventBus({ clientId: 'bench-search', redisUrl: values.redis, namespace });
  const get = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent, headers: { host: 'ae.localhost' } }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  const until = async (path: string, done: (answer: { status: number; body: string }) => boolean) => {
    const started = performance.now();
    while (!done(await get(path))) {
      if (performance.now() - started > 30_000) return NaN;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return performance.now() - started;
  };
  const priceOf = (body: string) =>
    (JSON.parse(body) as { results: { listing: { displayPrice: { amount: number } } } }).results.listing
      .displayPrice.amount;
  const times = {
    approved: [] as number[],
    changed: [] as number[],
    sold: [] as number[],
    withdrawn: [] as number[],
  };
  for (let n = 0; times.approved.length < 40; n++) {
    const payload = { ...generate(LISTINGS + n), approvedAt: new Date().toISOString() };
    if (payload.site !== 'ae') continue;
    const path = `/api/search/v1/properties/${payload.slug}`;
    const by = { id: payload.agent.id!, role: 'agent' as const };
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', payload.id, payload));
    times.approved.push(await until(path, (a) => a.status === 200));
    const price = Math.round(payload.price * 0.95);
    const prices =
      payload.purpose === 'buy' ? { ...payload.prices, price } : { ...payload.prices, yearly: price };
    const edit = { ...payload, price, prices, approvedAt: new Date().toISOString() };
    await bus.publish(TOPICS.listingsProperty, newEvent(listingApprovedV2, 'ae', payload.id, edit));
    times.changed.push(await until(path, (a) => a.status === 200 && priceOf(a.body) === price));
    const at = new Date().toISOString();
    const sold = times.approved.length % 2 === 0;
    await bus.publish(
      TOPICS.listingsProperty,
      sold
        ? newEvent(listingSoldV1, 'ae', payload.id, { id: payload.id, soldAt: at, by })
        : newEvent(listingDeactivatedV1, 'ae', payload.id, { id: payload.id, active: false, at, by }),
    );
    (sold ? times.sold : times.withdrawn).push(await until(path, (a) => a.status === 404));
  }
  await bus.close();
  const p = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.floor(q * (list.length - 1))];
  const line = (name: keyof typeof times) =>
    `${name} p50 ${p(times[name], 0.5).toFixed(0)} p95 ${p(times[name], 0.95).toFixed(0)} ms`;
  return `${line('approved')}; ${line('changed')}; ${line('sold')}; ${line('withdrawn')} (${times.approved.length} listings, polled through the gateway)`;
}

// ---- run ---------------------------------------------------------------------------------------

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(6)} rps  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors ? `  ${r.errors} errors` : ''}${r.bytes ? `  ${(r.bytes / 1024).toFixed(1)} KB/answer` : ''}${r.cpu ? ` (CPU ms/request: ${r.cpu})` : ''}`;

/**
 * The Redis server's pid when it runs on this machine (its CPU per request is then printed
 * beside the gateway's and the service's); null when it is elsewhere.
 */
async function localRedisPid(): Promise<number | null> {
  const redis = new Redis(values.redis, { lazyConnect: true });
  try {
    await redis.connect();
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    return pid && existsSync(`/proc/${pid}/stat`) ? pid : null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
}
let redisPid: number | null = null;

/**
 * `run`'s result with the CPU time each process of `cpu` used during it, per answered request:
 * a figure the machine's other work disturbs far less than the latencies (which it does not
 * replace: both are printed).
 */
async function withCpu(cpu: (() => [string, number][]) | undefined, run: () => Promise<Result>) {
  const before = cpu?.();
  const result = await run();
  if (!cpu || !before) return result;
  const answered = result.answered ?? result.rps * SECONDS;
  const after = cpu();
  if (!answered) return { ...result, cpu: `none answered within the case's ${SECONDS} s` };
  return {
    ...result,
    cpu: after.map(([label, ms], i) => `${label} ${((ms - before[i][1]) / answered).toFixed(2)}`).join(' · '),
  };
}

/** Waits until no other connection runs a statement in the bench's database (120 s at most). */
async function settle(dataSource: DataSource): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const [{ active }] = (await dataSource.query(
      `SELECT count(*)::int AS "active" FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    )) as { active: number }[];
    if (active === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function runEngine(name: 'postgres' | 'opensearch') {
  const db = await createMigratedDatabase('bench_search', buildDataSource);
  const dataSource = buildDataSource(db.url);
  dataSource.setOptions({ extra: { max: 8 } });
  await dataSource.initialize();
  const prefix = `bench-search-${randomBytes(3).toString('hex')}`;
  let engine: SearchEngine;
  const loadStart = performance.now();
  if (name === 'postgres') {
    await bulkLoadPostgres(dataSource, LISTINGS, indexed, progress(name));
    engine = new PostgresSearchEngine(dataSource);
  } else {
    const os = await OpenSearchSearchEngine.connect(OPENSEARCH_URL!, prefix);
    const client = new Client({ node: OPENSEARCH_URL! });
    await bulkLoadOpenSearch(os, client, prefix, LISTINGS, indexed, progress(name));
    await client.close();
    engine = os;
  }
  console.log(
    `${name}: ${LISTINGS} listings bulk-loaded in ${((performance.now() - loadStart) / 1000).toFixed(0)} s (${(LISTINGS / ((performance.now() - loadStart) / 1000)).toFixed(0)} listings/s; load average ${loadAverage()})`,
  );
  aeSlugs = (await engine.search('ae', searchQuerySchema.parse({ limit: '100', facets: 'false' }))).items.map(
    (item) => item.slug,
  );

  const searchEnvironment = {
    DATABASE_URL: db.url,
    REDIS_URL: values.redis,
    BUS_NAMESPACE: `bench-${prefix}`,
    JWT_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    // Set for the OpenSearch half only: the service process inherits this process's environment,
    // and a service that sees OPENSEARCH_URL reads OpenSearch (the Postgres half would then
    // measure an empty index).
    ...(name === 'opensearch'
      ? { OPENSEARCH_URL, OPENSEARCH_INDEX_PREFIX: prefix }
      : { OPENSEARCH_URL: undefined, OPENSEARCH_INDEX_PREFIX: undefined }),
  };
  /** One gateway → search pair per tree measured (this one, and --compare's). */
  const stacks: {
    label: string;
    port: number;
    stop: () => Promise<void>;
    /** The processes whose CPU per answered request is printed: [name, CPU ms so far]. */
    cpu?: () => [string, number][];
  }[] = [];
  if (SINGLE) {
    const search: INestApplication = await createTestApp(
      AppModule.forRoot(searchEnv.parse({ ...searchEnvironment, PORT: 0 })),
    );
    const gateway = await createGatewayApp(
      gatewayEnv.parse({
        PORT: 0,
        REDIS_URL: values.redis,
        RATE_LIMIT_PER_MINUTE: 1_000_000_000,
        SEARCH_URL: await search.getUrl(),
      }),
      false,
    );
    await gateway.listen(0, '127.0.0.1');
    const port = (gateway.getHttpServer().address() as { port: number }).port;
    stacks.push({
      label: 'API',
      port,
      stop: async () => {
        await gateway.close();
        await search.close();
      },
    });
    console.log(
      `  topology: one process (pid ${process.pid}) for the load (http.get loop), the gateway (:${port}) and the search service; raw: engine calls in the same process`,
    );
  } else {
    const trees = [
      { label: 'API', root: undefined as string | undefined },
      ...(values.compare ? [{ label: 'API compare', root: values.compare }] : []),
    ];
    for (const tree of trees) {
      const tag = `${prefix}${tree.root ? '-compare' : ''}`;
      const common = { NODE_ENV: 'production', LOG_LEVEL: 'info', REDIS_URL: values.redis };
      const search: ServiceProcess = await startServiceProcess('search', {
        root: tree.root,
        env: { ...common, ...searchEnvironment },
        profileDir: values.profile,
        logFile: `/tmp/${tag}-search.log`,
      });
      const gateway: ServiceProcess = await startServiceProcess('gateway', {
        root: tree.root,
        env: {
          ...common,
          SEARCH_URL: search.url,
          RATE_LIMIT_PER_MINUTE: '1000000000',
          GATEWAY_RATE_NAMESPACE: `manzil:${tag}:rl`,
        },
        profileDir: values.profile,
        logFile: `/tmp/${tag}-gateway.log`,
      });
      stacks.push({
        label: tree.label,
        port: gateway.port,
        cpu: () => [
          ['gateway', gateway.cpuMs()],
          ['search', search.cpuMs()],
          ['load', process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000],
          ...(redisPid ? [['redis', processCpuMs(redisPid)] as [string, number]] : []),
        ],
        stop: async () => {
          await gateway.stop();
          await search.stop();
        },
      });
      console.log(
        `  topology${tree.root ? ` (compare: ${tree.root})` : ''}: load autocannon in the bench process (pid ${process.pid}, ${CONCURRENCY} keep-alive connections) → gateway process (pid ${gateway.pid}, :${gateway.port}, dist/main.js) → search service process (pid ${search.pid}, :${search.port}, dist/main.js) → ${name} + Redis; logs /tmp/${tag}-*.log; raw: engine calls in the bench process (pool of 8); ${cpus().length} cores`,
      );
    }
  }
  const port = stacks[0].port;

  // The Postgres engine without its pre-aggregated counts (facets, totals, clusters scan the
  // listings), measured right after the engine with them: the before/after of the same moment.
  const scanning = name === 'postgres' ? new PostgresSearchEngine(dataSource, { aggregates: false }) : null;
  const rows: [string, Result, Result][] = [];
  const only = values.cases?.split(',').map((c) => c.trim());
  for (const work of workloads()) {
    if (only && !only.some((c) => work.name.startsWith(c))) continue;
    // Every distinct path of the case (the generators cycle with periods 3, 4, 5 and 100).
    const paths = Array.from({ length: 300 }, (_, i) => work.path(i));
    const apis: [string, Result][] = [];
    const distinct = [...new Set(paths)];
    for (const stack of stacks) {
      // Every distinct path once before the clock starts (four at a time): the figures are the
      // steady state of a page many visitors ask, not the first computation of each answer (the
      // raw column is that). Before, only the first path was warmed, and at 1M the first
      // computations of the other 29 took most of a 5 s case.
      for (let i = 0; i < distinct.length; i += 4)
        await Promise.all(distinct.slice(i, i + 4).map((path) => get(stack.port, work.site, path)));
      apis.push([
        stack.label,
        SINGLE
          ? await measure((i) => get(stack.port, work.site, paths[i % paths.length]))
          : await withCpu(stack.cpu, () =>
              load(stack.port, work.site, paths, 'unique' in work ? work.unique : undefined),
            ),
      ]);
    }
    const api = apis[0][1];
    // Requests the load left unanswered are still being computed by the service: the next
    // measurement waits for them (at most two minutes), or it would share the engine with them.
    if (name === 'postgres') await settle(dataSource);
    const raw = await measure(async (i) => void (await work.raw(engine, i)));
    const scan =
      scanning && 'aggregated' in work
        ? await measure(async (i) => void (await work.raw(scanning, i)))
        : null;
    rows.push([work.name, api, raw]);
    console.log(
      `  ${name.padEnd(10)} ${work.name.padEnd(28)} ${apis.map(([label, r]) => `${label} ${fmt(r)} | `).join('')}raw ${fmt(raw)} | API/raw ${(api.rps / raw.rps).toFixed(2)}${scan ? ` | raw without aggregates ${fmt(scan)}` : ''} (load ${loadAverage()})`,
    );
  }
  console.log(`  ${name.padEnd(10)} ${'freshness'.padEnd(28)} ${await freshness(port, `bench-${prefix}`)}`);
  for (const stack of stacks) await stack.stop();
  if (engine instanceof OpenSearchSearchEngine) await engine.drop();
  await dataSource.destroy();
  await db.drop();
  return rows;
}

redisPid = await localRedisPid();
const engines = values.engines
  .split(',')
  .filter((e): e is 'postgres' | 'opensearch' => e === 'postgres' || e === 'opensearch');
console.log(
  `search bench: ${LISTINGS} listings, concurrency ${CONCURRENCY}, ${SECONDS} s per case, through the gateway (API, Redis cache on, Accept-Encoding '${ACCEPT_ENCODING}') and raw (engine directly), topology ${SINGLE ? 'single (one process)' : 'processes (gateway and search service each in its own process, load from autocannon)'}; load average ${loadAverage()}`,
);
const all: Record<string, [string, Result, Result][]> = {};
for (const engine of engines) {
  if (engine === 'opensearch' && !OPENSEARCH_URL) {
    console.log(
      'opensearch: not run (set OPENSEARCH_URL, e.g. from `node scripts/engines.mjs start opensearch`)',
    );
    continue;
  }
  all[engine] = await runEngine(engine);
}
console.log('\nside by side (API rps / p95 ms):');
const names = Object.values(all)[0]?.map(([n]) => n) ?? [];
for (const [i, n] of names.entries())
  console.log(
    `  ${n.padEnd(28)} ${Object.entries(all)
      .map(([e, rows]) => `${e}: ${rows[i][1].rps.toFixed(0)} rps / ${rows[i][1].p95.toFixed(1)} ms`)
      .join('   ')}`,
  );
agent.destroy();
process.exit(0);
