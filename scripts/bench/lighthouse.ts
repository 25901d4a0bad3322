/**
 * Lighthouse's mobile performance score (its default: a mid-range phone, simulated slow 4G)
 * for `/`, a listing page and `/login`, in English and in Arabic, on Debian's Chromium.
 * Prints scores and the main timings; asserts nothing.
 *
 *   npm run build                                   # this script builds nothing itself
 *   npx tsx scripts/bench/lighthouse.ts [--url http://ae.localhost:3000] [--runs 1]
 *
 * --url: a running system (default: the gateway of `npm start`). Without one, start the built
 * gateway alone with `npx tsx scripts/bench/weight.ts --gateway-only`'s way: pass
 * `--gateway-only` here too (API calls then fail: the scores are for the page's own weight).
 *
 * Lighthouse 12.8.2 (the 13.x line needs Node 22), from `scripts/bench/lighthouse-runner/` with its own
 * lockfile, installed there (`npm ci`) on the first run: it is not in the project's install. The language is chosen by the address (an
 * Arabic listing path, `?lang=`) on every page: Lighthouse empties storage first but keeps the
 * cookies, so the `lang` cookie an Arabic page saved would otherwise make the next page Arabic.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { QUIET_CHROMIUM_ARGS, fetchLocal, freePort, startBuiltGateway } from './built-gateway.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.MANZIL_BENCH_URL ?? 'http://ae.localhost:3000' },
    runs: { type: 'string', default: '1' },
    'gateway-only': { type: 'boolean', default: false },
    // Writes each page's Lighthouse report (JSON) there, to see what a score is made of.
    'report-dir': { type: 'string' },
  },
});
const runs = Math.max(1, Number(values.runs) || 1);
let baseUrl = values.url.replace(/\/$/, '');

const PAGES = [
  { name: 'home en', path: '/?lang=en' },
  { name: 'home ar', path: '/?lang=ar' },
  { name: 'listing en', path: '/buy/properties-for-sale?lang=en' },
  { name: 'listing ar', path: `/${encodeURIComponent('شراء')}/${encodeURIComponent('عقارات-للبيع')}` },
  { name: 'login en', path: '/login?lang=en' },
  { name: 'login ar', path: '/login?lang=ar' },
];

async function waitUntil(check: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > 30_000) throw new Error(`${what} did not answer within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answers = (url: string) => async () =>
  (await fetchLocal(url, { signal: AbortSignal.timeout(2_000) })).ok;

async function startGatewayOnly(): Promise<() => void> {
  const gateway = await startBuiltGateway('lighthouse');
  baseUrl = gateway.url;
  return gateway.stop;
}

/** What this bench uses of Lighthouse's API (its own types come with the runner's install). */
type Lighthouse = (
  url: string,
  flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
) => Promise<
  | {
      lhr: {
        audits: Record<string, { numericValue?: number } | undefined>;
        categories: Record<string, { score: number | null } | undefined>;
      };
    }
  | undefined
>;

const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouse-runner');

async function loadLighthouse(): Promise<Lighthouse> {
  const entry = path.join(RUNNER, 'node_modules', 'lighthouse', 'core', 'index.js');
  if (!existsSync(entry)) {
    console.log(`lighthouse: installing it in ${path.relative(process.cwd(), RUNNER)} (npm ci, once)`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: RUNNER,
      stdio: 'inherit',
    });
  }
  return ((await import(pathToFileURL(entry).href)) as { default: Lighthouse }).default;
}

async function main() {
  const lighthouse = await loadLighthouse();
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) throw new Error(`no browser at ${chromium}: apt-get install chromium`);
  const stopGateway = values['gateway-only'] ? await startGatewayOnly() : undefined;
  if (!stopGateway && !(await answers(`${baseUrl}/health`)().catch(() => false)))
    throw new Error(`nothing answers at ${baseUrl}/health: start the system, or pass --gateway-only`);

  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'manzil-lighthouse-'));
  const browser = spawn(
    chromium,
    [...QUIET_CHROMIUM_ARGS, `--user-data-dir=${profile}`, `--remote-debugging-port=${port}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const scores: Record<
    string,
    { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number }[]
  > = {};
  const reportDir = values['report-dir'];
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  try {
    await waitUntil(answers(`http://127.0.0.1:${port}/json/version`), 'Chromium');
    for (let run = 0; run < runs; run += 1) {
      for (const page of PAGES) {
        const result = await lighthouse(baseUrl + page.path, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        if (!result) throw new Error(`no result for ${page.path}`);
        const audit = (id: string) => result.lhr.audits[id]?.numericValue ?? NaN;
        (scores[page.name] ??= []).push({
          score: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
        });
        if (reportDir)
          writeFileSync(
            path.join(reportDir, `${page.name.replace(/\s+/g, '-')}-${run + 1}.json`),
            JSON.stringify(result.lhr),
          );
      }
    }
  } finally {
    browser.kill('SIGTERM');
    stopGateway?.();
    // Chromium may go on writing its profile for a while after the kill on a busy machine: wait
    // for it to exit (5 s at most), and never lose the scores for a profile left behind.
    await new Promise((resolve) => {
      if (browser.exitCode !== null) return resolve(undefined);
      browser.once('exit', resolve);
      setTimeout(resolve, 5_000);
    });
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(
        `lighthouse: left ${profile} behind (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }

  console.log(`\n${baseUrl}, Lighthouse mobile (simulated throttling), ${runs} run(s) per page`);
  console.log('page        score  FCP       LCP       TBT      CLS    SI');
  for (const [name, list] of Object.entries(scores)) {
    for (const s of list)
      console.log(
        `${name.padEnd(10)}  ${String(s.score).padEnd(5)}  ${`${(s.fcp / 1000).toFixed(1)} s`.padEnd(8)}  ${`${(s.lcp / 1000).toFixed(1)} s`.padEnd(8)}  ${`${Math.round(s.tbt)} ms`.padEnd(7)}  ${s.cls.toFixed(3)}  ${(s.si / 1000).toFixed(1)} s`,
      );
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
