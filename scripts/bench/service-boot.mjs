#!/usr/bin/env node
// Times `npm start`'s last phase without its ports: every built service (and the gateway) started
// at once, as scripts/lib/system.mjs starts them, on ports base+0… (`--base=4600`; never 3000 or
// 4001–4010), each pointed at the others' ports, on scratch databases of the system Postgres
// (MANZIL_BENCH_PG_URL, default :5432; prefix `--prefix=bench_boot_`, migrated + seeded first
// with `cli.js setup`, dropped after) and the bus under its own namespace (MANZIL_BENCH_REDIS_URL,
// default :6379; its keys removed after). Prints, per process, the wall time from spawn to its
// first healthy GET /health and the CPU time (user + sys, from /proc) it had used by then; then
// the sums and the load.
// `--only=listings,gateway` some of them; `--cpu-prof=DIR` a V8 CPU profile of each boot (the
// process is stopped once healthy, so the profile is the boot); `--runs=N` repeats the boots;
// `--no-source-maps` starts them without `--enable-source-maps`; `--keep` leaves the databases
// (then `--no-setup` boots on them again).
//   node scripts/bench/service-boot.mjs [--runs=3] [--only=…] [--cpu-prof=DIR] [--no-setup] [--keep]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, httpGet, run, sleep } from '../lib/common.mjs';
import { ensureDatabases } from '../lib/infra.mjs';
import { ALL, SERVICES, cliOf, jwtKeys, mainOf, serviceEnv } from '../lib/services.mjs';

const args = process.argv.slice(2);
const opt = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const base = Number(opt('base') ?? 4600);
const runs = Math.max(1, Number(opt('runs') ?? 1));
const prefix = opt('prefix') ?? 'bench_boot_';
const cpuProf = opt('cpu-prof');
const only = opt('only')?.split(',');
const adminUrl = process.env.MANZIL_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.MANZIL_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const forbidden = (p) => p === 3000 || (p >= 4001 && p <= 4010) || p === 5433 || p === 6380;

const ports = new Map(ALL.map((s, i) => [s.name, base + i]));
if ([...ports.values()].some(forbidden)) throw new Error(`--base=${base} reaches npm start's ports`);
const selected = ALL.filter((s) => (!only || only.includes(s.name)) && fs.existsSync(mainOf(s.name)));
const withDb = SERVICES.filter((s) => fs.existsSync(cliOf(s.name)));
const databases = await ensureDatabases(
  adminUrl,
  withDb.map((s) => s.name),
  { prefix, fresh: !args.includes('--no-setup') },
);
const keys = jwtKeys();
const namespace = `bench-boot-${process.pid}`;
const envOf = (s) => {
  const env = serviceEnv(s, { databases, redisUrl, keys, busNamespace: namespace, ports });
  env.LOG_LEVEL = 'warn';
  env.FORCE_COLOR = '0';
  return env;
};

if (!args.includes('--no-setup')) {
  for (const s of withDb) {
    const r = await run(process.execPath, [cliOf(s.name), 'setup'], {
      cwd: path.dirname(path.dirname(cliOf(s.name))),
      env: envOf(s),
      timeoutMs: 5 * 60_000,
    });
    if (r.code) throw new Error(`${s.name}: cli.js setup failed\n${r.output.slice(-1500)}`);
  }
}

const TICK = 100; // USER_HZ on Linux
function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return NaN;
  }
}

const EXIT_ON_USR2 = `data:text/javascript,process.on('SIGUSR2',()=>process.exit(0))`;
const totals = [];
for (let i = 1; i <= runs; i++) {
  const load = os.loadavg()[0].toFixed(1);
  const started = Date.now();
  const boots = selected.map((s) => {
    const child = spawn(
      process.execPath,
      [
        // As npm start runs them; `--no-source-maps`: without it.
        ...(args.includes('--no-source-maps') ? [] : ['--enable-source-maps']),
        ...(cpuProf
          ? [
              '--import',
              EXIT_ON_USR2,
              '--cpu-prof',
              `--cpu-prof-dir=${path.resolve(cpuProf)}`,
              `--cpu-prof-name=${s.name}-boot-${i}.cpuprofile`,
            ]
          : []),
        mainOf(s.name),
      ],
      { cwd: path.join(ROOT, 'services', s.name), env: envOf(s), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    return { s, child, exited, stderr: () => stderr };
  });
  const results = await Promise.all(
    boots.map(async (b) => {
      const url = `http://127.0.0.1:${ports.get(b.s.name)}/health`;
      while (Date.now() - started < 120_000 && b.child.exitCode === null) {
        const res = await httpGet(url, 1_500);
        if (res && res.status >= 200 && res.status < 300)
          return { name: b.s.name, ms: Date.now() - started, cpu: cpuSeconds(b.child.pid) };
        await sleep(50);
      }
      return { name: b.s.name, ms: NaN, cpu: NaN, error: b.stderr().slice(-800) };
    }),
  );
  for (const b of boots) b.child.kill(cpuProf ? 'SIGUSR2' : 'SIGTERM');
  await Promise.all(boots.map((b) => Promise.race([b.exited, sleep(15_000)])));
  for (const b of boots) if (b.child.exitCode === null) b.child.kill('SIGKILL');
  console.log(`run ${i} (load ${load} at the start)`);
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(14)} healthy ${(r.ms / 1000).toFixed(1).padStart(5)} s  cpu ${r.cpu.toFixed(2)} s${r.error ? `\n${r.error}` : ''}`,
    );
  const wall = Math.max(...results.map((r) => r.ms));
  const cpu = results.reduce((a, r) => a + r.cpu, 0);
  totals.push({ wall, cpu });
  console.log(`  all healthy ${(wall / 1000).toFixed(1)} s wall, ${cpu.toFixed(1)} s cpu`);
}
if (runs > 1)
  console.log(
    `runs: wall ${totals.map((t) => (t.wall / 1000).toFixed(1)).join(', ')} s; cpu ${totals.map((t) => t.cpu.toFixed(1)).join(', ')} s`,
  );
// The bus's streams and the BullMQ keys of this run's namespace.
const { Redis } = await import('ioredis');
const redis = new Redis(redisUrl);
let cursor = '0';
do {
  const [next, keys] = await redis.scan(cursor, 'MATCH', `*${namespace}*`, 'COUNT', 500);
  cursor = next;
  if (keys.length) await redis.unlink(...keys);
} while (cursor !== '0');
await redis.quit();
if (args.includes('--keep')) process.exit(0);
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
for (const s of withDb) await client.query(`drop database if exists "${prefix}${s.name}" with (force)`);
await client.end();
