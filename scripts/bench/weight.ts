/**
 * What the first load of a page weighs: `/`, a listing page and `/login`, in English and in
 * Arabic, each in a fresh browser context (empty cache, no service worker) on Debian's
 * Chromium through playwright-core. Prints figures; asserts nothing.
 *
 *   npm run build                                  # this script builds nothing itself
 *   npx tsx scripts/bench/weight.ts [--url http://ae.localhost:3000] [--runs 3] [--json]
 *   npx tsx scripts/bench/weight.ts --gateway-only [--runs 3]
 *
 * It uses the system already running at --url (default: the gateway of `npm start`). When
 * none answers there, it starts one the way `npm run test:e2e` does (fresh databases named
 * manzil_bench_*, no build, logs in .data/logs/bench/) on the fixed ports, so run it under the
 * browser-test lock then: `flock /tmp/manzil-e2e.lock npx tsx scripts/bench/weight.ts`.
 * `--gateway-only` starts the built gateway alone on a free port instead (no lock needed): the
 * pages load the same scripts, but every API call fails (502), so no listing, CMS text or
 * photo arrives; take its paint times as rough.
 *
 * Per page: the scripts fetched, their bytes on the wire (Resource Timing's transferSize:
 * compressed body plus headers) and decoded, every resource's bytes on the wire, first
 * contentful paint and the JavaScript that had arrived by then (scripts whose response ended
 * before FCP), median over the runs. Byte counts do not depend on timing; FCP does, so its
 * figures are only comparable between runs on a machine equally busy.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { fetchLocal, startBuiltGateway } from './built-gateway.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.MANZIL_BENCH_URL ?? 'http://ae.localhost:3000' },
    runs: { type: 'string', default: '3' },
    json: { type: 'boolean', default: false },
    'gateway-only': { type: 'boolean', default: false },
  },
});
let baseUrl = values.url.replace(/\/$/, '');
const runs = Math.max(1, Number(values.runs) || 1);

const PAGES = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/buy/properties-for-sale' },
  { name: 'login', path: '/login' },
] as const;
const LANGUAGES = ['en', 'ar'] as const;

interface Resource {
  name: string;
  initiatorType: string;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
  responseEnd: number;
}
interface Sample {
  scripts: number;
  jsWire: number;
  jsDecoded: number;
  totalWire: number;
  requests: number;
  fcp: number | null;
  jsBeforeFcp: number | null;
  jsWireBeforeFcp: number | null;
  scriptList: { file: string; wire: number; decoded: number }[];
  contentEncodings: string[];
}

/** The figures of one load, read from Resource Timing in the page. */
const MEASURE = `(() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource').map((r) => ({
    name: r.name, initiatorType: r.initiatorType, transferSize: r.transferSize,
    encodedBodySize: r.encodedBodySize, decodedBodySize: r.decodedBodySize, responseEnd: r.responseEnd,
  }));
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    nav: nav ? { transferSize: nav.transferSize, decodedBodySize: nav.decodedBodySize } : null,
    resources,
    fcp: fcp ? fcp.startTime : null,
  };
})()`;

const isScript = (r: Resource) => /\.m?js(\?|$)/.test(new URL(r.name).pathname);

async function loadOnce(context: BrowserContext, pagePath: string): Promise<Sample> {
  const page = await context.newPage();
  const encodings = new Set<string>();
  page.on('response', (response) => {
    if (/\.m?js$/.test(new URL(response.url()).pathname))
      encodings.add(response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle', timeout: 60_000 });
  // Until neither the gateway's first-content cover nor any loading placeholder is left (a
  // remote or a lazy page still coming), then the network quiet again. A function, not a
  // string: the page's CSP refuses eval, and a string predicate then failed at once whenever
  // the page was not ready at the first check (measured "as it is", half loaded).
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '#mz-first-paint, [data-testid="session-cover"], [data-testid="language-cover"], [data-testid="remote-loading"], [data-testid="page-loading"]',
        ),
      undefined,
      { timeout: 20_000 },
    )
    .catch(() => console.warn(`  ${pagePath}: still loading after 20 s; measured as it is`));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const figures = (await page.evaluate(MEASURE)) as {
    nav: { transferSize: number; decodedBodySize: number } | null;
    resources: Resource[];
    fcp: number | null;
  };
  await page.close();
  const scripts = figures.resources.filter(isScript);
  const sum = (list: Resource[], key: 'transferSize' | 'decodedBodySize') =>
    list.reduce((total, r) => total + r[key], 0);
  const beforeFcp = figures.fcp === null ? null : scripts.filter((r) => r.responseEnd <= figures.fcp!);
  return {
    scripts: scripts.length,
    jsWire: sum(scripts, 'transferSize'),
    jsDecoded: sum(scripts, 'decodedBodySize'),
    totalWire: sum(figures.resources, 'transferSize') + (figures.nav?.transferSize ?? 0),
    requests: figures.resources.length + 1,
    fcp: figures.fcp,
    jsBeforeFcp: beforeFcp ? beforeFcp.length : null,
    jsWireBeforeFcp: beforeFcp ? sum(beforeFcp, 'transferSize') : null,
    scriptList: scripts.map((r) => ({
      file: new URL(r.name).pathname,
      wire: r.transferSize,
      decoded: r.decodedBodySize,
    })),
    contentEncodings: [...encodings].sort(),
  };
}

function median(list: (number | null)[]): number | null {
  const numbers = list.filter((n): n is number => n !== null).sort((a, b) => a - b);
  if (!numbers.length) return null;
  const middle = Math.floor(numbers.length / 2);
  return numbers.length % 2 ? numbers[middle] : (numbers[middle - 1] + numbers[middle]) / 2;
}

const kb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetchLocal(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

interface Infra {
  postgres: { url: string };
  redis: { url: string };
  stop(): Promise<void>;
}
interface SystemHandle {
  services: { name: string; state: string }[];
  logDir: string;
  stop(): Promise<void>;
}
interface Libs {
  infra: { ensureInfra(options: { fast: boolean }): Promise<Infra> };
  system: { startSystem(options: Record<string, unknown>): Promise<SystemHandle> };
}

/** The project's scripts/lib (plain .mjs, no types of their own): what this script uses of them. */
async function lib<Name extends keyof Libs>(name: Name): Promise<Libs[Name]> {
  return (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', `${name}.mjs`)).href)) as Libs[Name];
}

/** The built gateway alone, on a free port, serving the built frontends. */
async function startGatewayOnly(): Promise<() => Promise<void>> {
  const gateway = await startBuiltGateway('weight');
  baseUrl = gateway.url;
  return async () => gateway.stop();
}

/** Starts the system like scripts/e2e.mjs (no build); returns how to stop it. */
async function startTheSystem(): Promise<() => Promise<void>> {
  const { ensureInfra } = await lib('infra');
  const { startSystem } = await lib('system');
  const infra = await ensureInfra({ fast: true });
  const redisUrl = new URL(infra.redis.url);
  redisUrl.pathname = '/3';
  // Redis database 3, emptied: the bench's system never sees dev, test or e2e keys.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
  const system = await startSystem({
    adminUrl: infra.postgres.url,
    redisUrl: redisUrl.toString(),
    build: false,
    dbPrefix: 'manzil_bench_',
    freshDatabases: true,
    consoleLogs: false,
    runName: 'bench',
  });
  const stop = async () => {
    await system.stop().catch(() => undefined);
    await infra.stop().catch(() => undefined);
  };
  if (!system.services.some((s) => s.name === 'gateway' && s.state === 'up')) {
    await stop();
    throw new Error(`the gateway did not start (logs: ${path.relative(ROOT, system.logDir)})`);
  }
  return stop;
}

async function main() {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) throw new Error(`no browser at ${chromiumPath}: apt-get install chromium`);
  // MANZIL_BENCH_FRONTENDS_DIR: another build's dists (built-gateway.ts).
  const frontendsDir = process.env.MANZIL_BENCH_FRONTENDS_DIR ?? path.join(ROOT, 'frontends');
  if (!existsSync(path.join(frontendsDir, 'shell', 'dist', 'index.html')))
    throw new Error(
      'frontends/shell/dist is missing: run `npm run build` first (this script builds nothing)',
    );

  let stop: (() => Promise<void>) | undefined;
  if (values['gateway-only']) {
    stop = await startGatewayOnly();
    console.log(`the built gateway alone at ${baseUrl} (API calls fail: scripts only)`);
  } else if (await healthy(baseUrl)) {
    console.log(`using the system running at ${baseUrl}`);
  } else {
    console.log(`nothing answers at ${baseUrl}/health: starting the system (no build)`);
    stop = await startTheSystem();
  }

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const results: Record<string, Sample[]> = {};
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const language of LANGUAGES) {
        for (const page of PAGES) {
          // A fresh context per load: an empty HTTP cache, as on a first visit.
          const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
          await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
          const key = `${page.name} ${language}`;
          (results[key] ??= []).push(await loadOnce(context, page.path));
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await stop?.();
  }

  if (values.json) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  console.log(`\n${baseUrl}, ${runs} run(s) per page, fresh context each (figures: median over the runs)`);
  const header = [
    'page',
    'scripts',
    'JS wire',
    'JS decoded',
    'total wire',
    'requests',
    'FCP',
    'JS before FCP',
  ];
  const rows = Object.entries(results).map(([key, samples]) => {
    const m = (pick: (s: Sample) => number | null) => median(samples.map(pick));
    const fcp = m((s) => s.fcp);
    const countBefore = m((s) => s.jsBeforeFcp);
    return [
      key,
      String(m((s) => s.scripts)),
      kb(m((s) => s.jsWire)),
      kb(m((s) => s.jsDecoded)),
      kb(m((s) => s.totalWire)),
      String(m((s) => s.requests)),
      fcp === null ? 'n/a' : `${Math.round(fcp)} ms`,
      countBefore === null ? 'n/a' : `${kb(m((s) => s.jsWireBeforeFcp))} (${countBefore} scripts)`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  const encodings = new Set(Object.values(results).flatMap((s) => s.flatMap((x) => x.contentEncodings)));
  console.log(`\nJS content-encoding seen: ${[...encodings].join(', ') || 'none'}`);
  console.log('\nscripts of the first run (wire / decoded):');
  for (const [key, samples] of Object.entries(results)) {
    console.log(`  ${key}:`);
    for (const s of samples[0].scriptList) console.log(`    ${s.file}  ${kb(s.wire)} / ${kb(s.decoded)}`);
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`weight: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
