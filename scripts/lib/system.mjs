// Starting the whole system on top of a Postgres and a Redis: databases, build, migrate +
// seed, every service and the gateway as child processes, health checks. Used by
// scripts/start.mjs (logs to the console) and scripts/e2e.mjs (logs to files).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildAll } from './build.mjs';
import {
  LOG_DIR,
  PALETTE,
  ROOT,
  RUN_DIR,
  alive,
  c,
  httpGet,
  mkdirp,
  portOpen,
  readJson,
  run,
  say,
  seconds,
  signalGroup,
  stopPid,
  tail,
  waitFor,
  warn,
} from './common.mjs';
import { ensureDatabases } from './infra.mjs';
import { ALL, GATEWAY, SERVICES, cliOf, jwtKeys, mainOf, serviceEnv } from './services.mjs';

const WIDTH = Math.max(...ALL.map((s) => s.name.length));

/** Writes a child's output line by line to its log file and, optionally, the console. */
function lineSink(name, colour, { console: toConsole, file }) {
  const out = fs.createWriteStream(file, { flags: 'a' });
  const prefix = colour(`${name.padEnd(WIDTH)} │`);
  const make = () => {
    let rest = '';
    return {
      write(chunk) {
        const text = rest + chunk.toString();
        const lines = text.split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) emit(line);
      },
      flush() {
        if (rest) emit(rest);
        rest = '';
      },
    };
  };
  const emit = (line) => {
    out.write(`${line}\n`);
    if (toConsole) process.stdout.write(`${prefix} ${line}\n`);
  };
  return { make, close: () => new Promise((resolve) => out.end(resolve)) };
}

/** Kill what a crashed earlier run left behind (its state file names a dead orchestrator). */
async function reapOrphans(stateFile) {
  const state = readJson(stateFile);
  if (!state) return;
  if (state.pid !== process.pid && alive(state.pid)) {
    throw new Error(
      `another run is already going (pid ${state.pid}); stop it first (Ctrl-C in its terminal, or kill ${state.pid})`,
    );
  }
  const ours = (pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(ROOT);
    } catch {
      return false;
    }
  };
  const left = (state.children ?? []).filter((ch) => alive(ch.pid) && ours(ch.pid));
  if (left.length) {
    warn(
      `stopping ${left.length} process(es) left running by an earlier run: ${left.map((ch) => `${ch.name} (${ch.pid})`).join(', ')}`,
    );
    await Promise.all(left.map((ch) => stopPid(ch.pid, { graceMs: 5_000 })));
  }
  fs.rmSync(stateFile, { force: true });
}

/**
 * How many webpack builds at a time: one per core, at most the five frontends, and no more than
 * the available memory holds (a frontend's build peaks near 400 MB; 700 MB each leaves room for
 * the services); never fewer than before (two, or one on one core).
 */
function frontendConcurrency() {
  const cores = os.cpus().length || 1;
  const byMemory = Math.floor(os.freemem() / 700e6);
  return Math.max(Math.min(2, cores), Math.min(cores, 5, byMemory));
}

async function pool(items, limit, fn) {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await fn(queue.shift());
  });
  await Promise.all(workers);
}

/**
 * Options:
 *  adminUrl, redisUrl     the servers (from ensureInfra)
 *  servers                or a promise of { adminUrl, redisUrl }, awaited after the build (the
 *                         servers start while it runs)
 *  only                   service names to run (default: all + gateway)
 *  build                  build stale packages first (default true)
 *  sourceMaps             the frontends' build writes source maps (default true; npm start: false)
 *  dbPrefix, freshDatabases, busNamespace
 *  consoleLogs            print prefixed logs (default true); always written to .data/logs/<run>/
 *  runName                'start' | 'e2e' (state file and log folder)
 *  healthTimeoutMs
 *  extraEnv               (service) => extra environment of that service (KAFKA_BROKERS, OPENSEARCH_URL)
 * Returns { services: [{ name, port, state: 'up'|'missing'|'failed', reason }], stop(), ms }.
 */
export async function startSystem(options) {
  let { adminUrl, redisUrl } = options;
  const {
    servers,
    only,
    build = true,
    sourceMaps = true,
    dbPrefix = 'manzil_',
    freshDatabases = false,
    busNamespace = 'manzil',
    consoleLogs = true,
    runName = 'start',
    healthTimeoutMs = 90_000,
    extraEnv,
    onHandle,
  } = options;
  const started = Date.now();
  const stateFile = path.join(mkdirp(RUN_DIR), `${runName}.json`);
  await reapOrphans(stateFile);
  fs.writeFileSync(stateFile, JSON.stringify({ pid: process.pid, children: [] }));
  const logDir = mkdirp(path.join(LOG_DIR, runName));

  const selected = only?.length ? ALL.filter((s) => only.includes(s.name)) : ALL;
  const unknown = (only ?? []).filter((n) => !ALL.some((s) => s.name === n));
  if (unknown.length)
    warn(`unknown service(s) in --only: ${unknown.join(', ')} (known: ${ALL.map((s) => s.name).join(', ')})`);
  const report = new Map(selected.map((s) => [s.name, { ...s, state: 'pending', reason: '' }]));
  const failed = (name, reason) => Object.assign(report.get(name), { state: 'failed', reason });
  const children = new Map();
  const sinks = new Map();
  let stopping = false;
  async function stop() {
    stopping = true;
    const list = [...children.entries()].filter(([, ch]) => ch.exitCode === null && ch.signalCode === null);
    // The gateway first, then the services, all at once per step.
    const gateway = list.filter(([name]) => name === GATEWAY.name);
    const rest = list.filter(([name]) => name !== GATEWAY.name);
    for (const group of [gateway, rest]) {
      await Promise.all(group.map(([, ch]) => stopPid(ch.pid, { graceMs: 10_000 })));
    }
    // In case a child left a grandchild in its group.
    for (const ch of children.values()) signalGroup(ch.pid, 'SIGKILL');
    for (const sink of sinks.values()) await sink.close();
    fs.rmSync(stateFile, { force: true });
    if (list.length) say(`stopped ${list.length} service process(es)`);
  }

  // Where the time went (ms by phase; `phaseLine`).
  const phases = {};
  const handle = { services: [...report.values()], children, stop, ms: 0, logDir, phases };
  onHandle?.(handle);

  // 1. Build what is stale (a failing package is reported; the others still run). The
  // frontends (webpack, most of a fresh clone's build and the longest path to "ready") start
  // first and go on while the contracts, infra and services build, the databases are migrated
  // and seeded and the services start: they compile contracts and ui from their TypeScript
  // source (no dist needed), and only the gateway serves them. The gateway starts once they are
  // built.
  const timed = (name, promise) => {
    const t0 = Date.now();
    return promise.finally(() => {
      phases[name] = Date.now() - t0;
    });
  };
  let frontendsBuilt = Promise.resolve();
  if (build) {
    const names = new Set(selected.map((s) => s.name));
    if (selected.includes(GATEWAY))
      frontendsBuilt = timed(
        'frontends',
        buildAll({
          only: (w) => w.dir.startsWith('frontends/'),
          concurrency: frontendConcurrency(),
          sourceMaps,
        }),
      ).then(
        () => undefined,
        (error) => warn(`build of the frontends: ${error.message}`),
      );
    const result = await timed(
      'build',
      buildAll({
        only: (w) => w.rank <= 1 || (w.dir.startsWith('services/') && names.has(w.dir.slice(9))),
      }),
    );
    for (const f of result.failed) {
      if (f.dir.startsWith('services/') && report.has(f.dir.slice(9)))
        report.get(f.dir.slice(9)).buildFailed = true;
    }
  }

  if (servers) ({ adminUrl, redisUrl } = await servers);
  if (stopping) return handle;

  // 2. Which services can run at all.
  for (const s of selected) {
    if (!fs.existsSync(mainOf(s.name))) {
      Object.assign(report.get(s.name), {
        state: 'missing',
        reason: `services/${s.name}/dist/main.js is missing${report.get(s.name).buildFailed ? ' (its build failed)' : ' (not written or built yet)'}`,
      });
    } else if (await portOpen(s.port)) {
      failed(s.name, `port ${s.port} is already in use (another npm start?)`);
    }
  }
  const runnable = () => [...report.values()].filter((r) => r.state === 'pending');
  for (const r of report.values())
    if (r.state !== 'pending') warn(`${r.name}: ${r.reason} — continuing without it`);

  // 3. Keys and databases.
  const keys = jwtKeys();
  const dbServices = runnable()
    .filter((s) => s.name !== GATEWAY.name)
    .map((s) => s.name);
  const databases = dbServices.length
    ? await ensureDatabases(adminUrl, dbServices, { prefix: dbPrefix, fresh: freshDatabases })
    : {};
  const envOf = (s) => serviceEnv(s, { databases, redisUrl, keys, busNamespace, extra: extraEnv?.(s) ?? {} });

  const sinkOf = (s) => {
    if (!sinks.has(s.name)) {
      const file = path.join(logDir, `${s.name}.log`);
      fs.writeFileSync(file, '');
      const colour = PALETTE[ALL.findIndex((x) => x.name === s.name) % PALETTE.length];
      sinks.set(s.name, { ...lineSink(s.name, colour, { console: consoleLogs, file }), file });
    }
    return sinks.get(s.name);
  };

  // 4. migrate then seed (`cli.js setup`: both in one process), several services at a time.
  const migrateStarted = Date.now();
  const withCli = runnable().filter((s) => s.name !== GATEWAY.name);
  const setupTimes = [];
  await pool(withCli, 3, async (s) => {
    if (!fs.existsSync(cliOf(s.name))) {
      warn(`${s.name}: no dist/cli.js, so no migrate/seed; starting it anyway`);
      return;
    }
    if (stopping) return;
    const step = 'setup';
    const sink = sinkOf(s);
    const stream = sink.make();
    const r = await run(process.execPath, [cliOf(s.name), step], {
      cwd: path.dirname(path.dirname(cliOf(s.name))),
      env: envOf(s),
      timeoutMs: 5 * 60_000,
      onLine: (line) => stream.write(`${c.dim(`[${step}]`)} ${line}\n`),
    });
    stream.flush();
    setupTimes.push(`${s.name} ${seconds(r.ms)}`);
    if (r.code !== 0) {
      failed(
        s.name,
        `\`cli.js ${step}\` (migrate + seed) failed (exit ${r.code}); see ${path.relative(ROOT, sink.file)}`,
      );
      warn(
        `${s.name}: cli.js ${step} failed — not starting it${consoleLogs ? '' : `\n${tail(r.output, 25)}`}`,
      );
    }
  });
  if (withCli.length) {
    phases.setup = Date.now() - migrateStarted;
    say(`migrate + seed done in ${seconds(phases.setup)} ${c.dim(`(${setupTimes.join(', ')})`)}`);
  }

  // 5. Start every runnable service (the gateway too) and wait for /health.
  const persist = () =>
    fs.writeFileSync(
      stateFile,
      JSON.stringify({
        pid: process.pid,
        children: [...children.entries()].map(([name, ch]) => ({ name, pid: ch.pid })),
      }),
    );
  if (stopping) return handle;
  const spawnService = (s) => {
    const sink = sinkOf(s);
    const child = spawn(process.execPath, ['--enable-source-maps', mainOf(s.name)], {
      cwd: path.join(ROOT, 'services', s.name),
      env: envOf(s),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out = sink.make();
    const err = sink.make();
    child.stdout.on('data', (d) => out.write(d));
    child.stderr.on('data', (d) => err.write(d));
    child.on('exit', (code, signal) => {
      out.flush();
      err.flush();
      const r = report.get(s.name);
      r.exited = true;
      if (!stopping) {
        if (r.state === 'up')
          warn(`${s.name} exited (${signal ?? `code ${code}`}) — see ${path.relative(ROOT, sink.file)}`);
        else
          failed(
            s.name,
            `exited before it was healthy (${signal ?? `code ${code}`}); see ${path.relative(ROOT, sink.file)}`,
          );
      }
    });
    child.on('error', (error) => failed(s.name, String(error)));
    children.set(s.name, child);
    persist();
  };
  const servicesStarted = Date.now();
  for (const s of runnable()) if (s.name !== GATEWAY.name) spawnService(s);
  const waitStarted = Date.now();
  await frontendsBuilt;
  phases.frontendsWait = Date.now() - waitStarted;
  if (stopping) return handle;
  for (const s of runnable()) if (s.name === GATEWAY.name) spawnService(s);

  await Promise.all(
    runnable().map(async (s) => {
      const r = report.get(s.name);
      const t0 = Date.now();
      const ok = await waitFor(
        async () => {
          if (r.exited || stopping) return true;
          const res = await httpGet(`http://127.0.0.1:${s.port}/health`, 1_500);
          return Boolean(res && res.status >= 200 && res.status < 300);
        },
        { timeoutMs: healthTimeoutMs, intervalMs: 150 },
      );
      if (r.exited || stopping) return;
      if (ok) {
        Object.assign(r, { state: 'up', ms: Date.now() - t0 });
        say(`${c.green('✓')} ${s.name} healthy on :${s.port} ${c.dim(seconds(Date.now() - t0))}`);
      } else {
        failed(s.name, `no healthy GET /health on :${s.port} within ${seconds(healthTimeoutMs)}`);
        warn(
          `${s.name}: ${r.reason}${consoleLogs ? '' : `\n${tail(fs.readFileSync(sinkOf(s).file, 'utf8'), 20)}`}`,
        );
      }
    }),
  );

  phases.healthy = Date.now() - servicesStarted;
  handle.ms = Date.now() - started;
  return handle;
}

/**
 * One line of where a start's time went (`handle.phases`, ms): the services' build, the
 * frontends' build (it runs beside everything else: `waited` is how long the gateway waited for
 * it after the services were started), migrate + seed, and from starting the services to every
 * one healthy.
 */
export function phaseLine(phases) {
  const parts = [];
  if (phases.build !== undefined)
    parts.push(`build of contracts, infra and services ${seconds(phases.build)}`);
  if (phases.frontends !== undefined)
    parts.push(
      `frontends ${seconds(phases.frontends)} (beside the rest; waited for ${seconds(phases.frontendsWait ?? 0)})`,
    );
  if (phases.setup !== undefined) parts.push(`migrate + seed ${seconds(phases.setup)}`);
  if (phases.healthy !== undefined) parts.push(`services started to healthy ${seconds(phases.healthy)}`);
  return parts.join(' · ');
}

/** Kill every child synchronously (process 'exit' hook: nothing async is possible there). */
export function killAllSync(system) {
  for (const ch of system?.children?.values() ?? []) signalGroup(ch.pid, 'SIGKILL');
}

export const KNOWN = { SERVICES, GATEWAY };
