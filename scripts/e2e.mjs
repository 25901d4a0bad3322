#!/usr/bin/env node
// `npm run test:e2e`: start the system in the background (like `npm start`, on the same kind
// of infrastructure: DATABASE_URL/REDIS_URL or the embedded Postgres + local redis-server),
// wait until it is healthy, run Playwright (e2e/), then stop everything, even on failure.
//
// The system under test gets fresh databases (manzil_e2e_<service>, dropped and re-created,
// then migrated and seeded) and Redis database 2 (flushed), so a dev database is never
// touched and every run sees exactly the seed. Logs: .data/logs/e2e/<service>.log.
//   npm run test:e2e -- --no-build        skip the build step
//   npm run test:e2e -- --bus kafka       the services on the Kafka bus (KAFKA_BROKERS, or a broker
//                                         from scripts/engines.mjs); --search opensearch likewise
//   npm run test:e2e -- -- <playwright args>   e.g. -- -g "currency"
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  CACHE_DIR,
  ROOT,
  fail,
  killRunningChildren,
  mkdirp,
  repoEnv,
  run,
  say,
  seconds,
  warn,
} from './lib/common.mjs';
import { ensureInfra } from './lib/infra.mjs';
import { SITE_URLS, engineEnv } from './lib/services.mjs';
import { phaseLine, startSystem } from './lib/system.mjs';

const argv = process.argv.slice(2);
const sep = argv.indexOf('--');
const args = sep >= 0 ? argv.slice(0, sep) : argv;
const playwrightArgs = sep >= 0 ? argv.slice(sep + 1) : [];
/** `--name value` or `--name=value`. */
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const bus = option('bus') ?? 'redis';
const search = option('search') ?? 'postgres';
// The search service picks OpenSearch whenever OPENSEARCH_URL is in its environment: with the
// Postgres engine asked for, an address inherited from the shell (or from npm test, which starts a
// node for jest) must not reach it.
if (search === 'postgres') delete process.env.OPENSEARCH_URL;
// Each bus/search pair writes its own results, traces and report: the Kafka pass of `npm test`
// must not overwrite the failures the main pass left to look at.
const runName = bus === 'redis' && search === 'postgres' ? 'e2e' : `e2e-${bus}-${search}`;
const outDir = path.join(CACHE_DIR, runName);
const resultsFile = process.env.MANZIL_E2E_RESULTS ?? path.join(outDir, 'results.json');
// Debian's old headless shell (package chromium-headless-shell, the same Chromium build without
// the browser's UI): what Playwright itself runs for headless tests. The full `chromium` in new
// headless mode spent about a third more CPU a page here (content-pages: 30-35 s a journey with
// it, 20-24 s with the shell at a higher load, 2026-11-29), and CPU is what the browser stage
// waits on: two workers, nine services and the browsers share two cores.
const CHROMIUM_PACKAGE = 'chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

let infra;
let system;
let engines;
let finished = false;

async function cleanup() {
  killRunningChildren('SIGTERM');
  await system?.stop().catch((e) => warn(`stopping services: ${e.message}`));
  await engines?.stop().catch((e) => warn(`stopping engines: ${e.message}`));
  await infra?.stop().catch((e) => warn(`stopping infra: ${e.message}`));
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (finished) return;
    finished = true;
    warn(`${sig}: stopping`);
    void cleanup().then(() => process.exit(130));
  });
}
process.on('exit', () => {
  killRunningChildren('SIGKILL');
  for (const ch of system?.children?.values() ?? []) {
    try {
      process.kill(-ch.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    say(`${CHROMIUM_PACKAGE} is missing: installing it with apt-get (about 30 s)`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', CHROMIUM_PACKAGE], {
      stdio: 'inherit',
      env,
    });
  }
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `no browser at ${chromium}. Install Debian's: sudo apt-get update && sudo apt-get install -y ${CHROMIUM_PACKAGE} (never \`playwright install\`)`,
    );
  }
}

async function main() {
  const t0 = Date.now();
  ensureChromium();
  fs.rmSync(resultsFile, { force: true });
  mkdirp(path.dirname(resultsFile));
  if (!['redis', 'kafka'].includes(bus)) throw new Error(`--bus ${bus}: the bus is redis or kafka`);
  if (!['postgres', 'opensearch'].includes(search))
    throw new Error(`--search ${search}: the search engine is postgres or opensearch`);
  const wantsEngines = bus === 'kafka' || search === 'opensearch';
  const { ensureEngines } = await import('./engines.mjs');
  const [infraReady, enginesReady] = await Promise.allSettled([
    ensureInfra({ fast: true }),
    wantsEngines ? ensureEngines({ kafka: bus === 'kafka', opensearch: search === 'opensearch' }) : undefined,
  ]);
  engines = enginesReady.value;
  if (infraReady.status === 'rejected') throw infraReady.reason;
  infra = infraReady.value;
  // Asked for by name: an engine that cannot run here fails this run (npm test does not ask then).
  for (const engine of [engines?.kafka, engines?.opensearch])
    if (engine?.skipped) throw new Error(`${engine.name} is not available: ${engine.skipped}`);

  // Redis database 2, emptied: the e2e system never sees dev or test keys.
  const redisUrl = new URL(infra.redis.url);
  redisUrl.pathname = '/2';
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl.toString(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();

  system = await startSystem({
    adminUrl: infra.postgres.url,
    redisUrl: redisUrl.toString(),
    build: !args.includes('--no-build'),
    dbPrefix: 'manzil_e2e_',
    freshDatabases: true,
    consoleLogs: Boolean(process.env.E2E_LOGS),
    runName,
    extraEnv: engineEnv(engines ?? {}),
    onHandle: (h) => {
      system = h;
    },
  });
  const down = system.services.filter((s) => s.state !== 'up');
  for (const s of down) warn(`e2e: ${s.name} is not running: ${s.reason || s.state}`);
  if (!system.services.some((s) => s.name === 'gateway' && s.state === 'up')) {
    throw new Error(
      `the gateway is not up, so the sites cannot be tested (logs: ${path.relative(ROOT, system.logDir)})`,
    );
  }
  say(
    `e2e: system ready in ${seconds(Date.now() - t0)} (bus: ${bus}, search: ${search}); running Playwright against ${SITE_URLS.ae} and ${SITE_URLS.sa}`,
  );
  say(`e2e: phases: ${phaseLine(system.phases ?? {})}`);

  const r = await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      'test',
      '-c',
      path.join(ROOT, 'e2e', 'playwright.config.ts'),
      ...playwrightArgs,
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: repoEnv({
        MANZIL_E2E_RESULTS: resultsFile,
        MANZIL_E2E_OUT: outDir,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CHROMIUM_PATH: chromium,
      }),
      // The whole browser suite; a stuck run ends here rather than at CI's limit (it took 13–16 min
      // on this 2-core machine on 2026-11-25, when 15 cut it short).
      timeoutMs: 30 * 60_000,
    },
  );
  if (r.code !== 0)
    warn(
      `e2e: Playwright failed (exit ${r.code}); service logs in ${path.relative(ROOT, system.logDir)}/, report in ${path.relative(ROOT, outDir)}/report`,
    );
  return r.code;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  fail(`e2e: ${error?.message ?? error}`);
  code = 1;
} finally {
  if (!finished) {
    finished = true;
    await cleanup();
  }
}
process.exit(code);
