// Jest globalSetup: a Postgres server the integration tests can create databases in and a
// Redis, exported to the workers as MANZIL_TEST_PG_URL (admin URL) and MANZIL_TEST_REDIS_URL.
// Already set (e.g. by `npm test`) → used as they are. Otherwise DATABASE_URL / REDIS_URL,
// or the embedded Postgres (:5433, fsync off) and a redis-server (:6380), which the
// teardown stops again (only what this run started).
//
// Kafka and OpenSearch (scripts/engines.mjs) likewise, as MANZIL_TEST_KAFKA_BROKERS and
// MANZIL_TEST_OPENSEARCH_URL (or MANZIL_TEST_KAFKA_SKIPPED / ..._OPENSEARCH_SKIPPED with the
// reason), but only when the run includes a spec that reads one of them: a targeted run of
// other specs starts no JVM. MANZIL_TEST_ENGINES=off never starts them.
import fs from 'node:fs';
import path from 'node:path';

const ENGINE_VARS = { kafka: 'MANZIL_TEST_KAFKA', opensearch: 'MANZIL_TEST_OPENSEARCH' };

/** Spec files of the server project that this run selects (by its path patterns). */
function selectedSpecs(globalConfig, rootDir) {
  const patterns = (globalConfig.testPathPatterns?.patterns ?? []).map((p) => new RegExp(p, 'i'));
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.(int-)?spec\.ts$/.test(entry.name) &&
        (!patterns.length || patterns.some((p) => p.test(full)))
      )
        out.push(full);
    }
  };
  for (const root of ['contracts', 'infra', 'services', 'scripts', 'k8s']) {
    const dir = path.join(rootDir, root);
    if (fs.existsSync(dir)) walk(dir);
  }
  return out;
}

async function setupEngines(globalConfig) {
  if (process.env.MANZIL_TEST_ENGINES === 'off') {
    // Asked for: the engine suites (scripts/engine-suite.ts) print this reason and do not run.
    for (const prefix of Object.values(ENGINE_VARS))
      process.env[`${prefix}_SKIPPED`] ??= 'MANZIL_TEST_ENGINES=off: engines not started for this run';
    return;
  }
  const rootDir = globalConfig.rootDir ?? process.cwd();
  const given = (engine) =>
    Boolean(process.env[`${ENGINE_VARS[engine]}_${engine === 'kafka' ? 'BROKERS' : 'URL'}`]) ||
    Boolean(process.env[`${ENGINE_VARS[engine]}_SKIPPED`]);
  const wanted = Object.keys(ENGINE_VARS).filter((e) => !given(e));
  if (!wanted.length) return;
  const specs = selectedSpecs(globalConfig, rootDir).map((f) => fs.readFileSync(f, 'utf8'));
  const needed = wanted.filter((e) =>
    specs.some((text) => text.includes(ENGINE_VARS[e]) || text.includes(`describeWithEngine('${e}'`)),
  );
  if (!needed.length) return;
  const { ensureEngines } = await import('./engines.mjs');
  const engines = await ensureEngines({
    kafka: needed.includes('kafka'),
    opensearch: needed.includes('opensearch'),
  });
  globalThis.__MANZIL_ENGINES__ = engines;
  Object.assign(process.env, engines.env('MANZIL_TEST_'));
}

export default async function globalSetup(globalConfig) {
  const engines = setupEngines(globalConfig);
  if (!(process.env.MANZIL_TEST_PG_URL && process.env.MANZIL_TEST_REDIS_URL)) {
    const { ensureInfra } = await import('./lib/infra.mjs');
    const quiet = Boolean(process.env.MANZIL_QUIET_SETUP);
    const infra = await ensureInfra({ fast: true, quiet });
    globalThis.__MANZIL_INFRA__ = infra;
    process.env.MANZIL_TEST_PG_URL ??= infra.postgres.url;
    process.env.MANZIL_TEST_REDIS_URL ??= infra.redis.url;
  }
  await engines;
}
