#!/usr/bin/env node
// Times `npm start`'s migrate + seed phase without its ports: every service's `cli.js migrate`
// then `cli.js seed` against fresh scratch databases (prefix `bench_phases_`, dropped first and
// after) on the Postgres of MANZIL_BENCH_PG_URL (default the system one on :5432), the bus under
// its own namespace on MANZIL_BENCH_REDIS_URL (default :6379). Prints each step's time and the
// phase's wall time, with the same pool as scripts/lib/system.mjs (`--pool=N`, default 3).
// `--split`: `cli.js migrate` then `cli.js seed` (two processes per service, as before); default
// `cli.js setup` (both in one process, as `npm start` runs them now).
// `--prefix=NAME_` another database prefix (two benches side by side); `--cpu-prof=DIR` writes a
// V8 CPU profile of every cli process there; `--cpu`: each step's CPU time (user + sys).
//   node scripts/bench/migrate-seed-phases.mjs [--pool=3] [--split] [--only=listings,identity]
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { run } from '../lib/common.mjs';
import { ensureDatabases } from '../lib/infra.mjs';
import { SERVICES, cliOf, jwtKeys, serviceEnv } from '../lib/services.mjs';

const args = process.argv.slice(2);
const pool = Number(args.find((a) => a.startsWith('--pool='))?.slice(7) ?? 3);
const steps = args.includes('--split') ? ['migrate', 'seed'] : ['setup'];
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const adminUrl = process.env.MANZIL_BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.MANZIL_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = args.find((a) => a.startsWith('--prefix='))?.slice(9) ?? 'bench_phases_';
const cpuProf = args.find((a) => a.startsWith('--cpu-prof='))?.slice(11);
const cpuTimes = args.includes('--cpu');
// As `npm start`: a service without dist/cli.js (the sandbox) has no migrate or seed.
const services = SERVICES.filter((s) => (!only || only.includes(s.name)) && fs.existsSync(cliOf(s.name)));

const databases = await ensureDatabases(
  adminUrl,
  services.map((s) => s.name),
  { prefix, fresh: true },
);
const keys = jwtKeys();
const times = [];
const started = performance.now();
const queue = [...services];
await Promise.all(
  Array.from({ length: Math.min(pool, queue.length) }, async () => {
    while (queue.length) {
      const s = queue.shift();
      for (const step of steps) {
        const t = performance.now();
        const nodeArgs = [
          ...(cpuProf
            ? [
                '--cpu-prof',
                `--cpu-prof-dir=${path.resolve(cpuProf)}`,
                `--cpu-prof-name=${s.name}-${step}.cpuprofile`,
              ]
            : []),
          cliOf(s.name),
          step,
        ];
        // /usr/bin/time writes the child's CPU seconds as the last line of its output.
        const [cmd, cmdArgs] = cpuTimes
          ? ['/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, ...nodeArgs]]
          : [process.execPath, nodeArgs];
        const r = await run(cmd, cmdArgs, {
          cwd: path.dirname(path.dirname(cliOf(s.name))),
          env: serviceEnv(s, { databases, redisUrl, keys, busNamespace: `bench-phases-${process.pid}` }),
          timeoutMs: 5 * 60_000,
        });
        const ms = performance.now() - t;
        const cpuLine = cpuTimes ? /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.output) : null;
        const cpu = cpuLine ? Number(cpuLine[1]) + Number(cpuLine[2]) : undefined;
        times.push({ service: s.name, step, ms, cpu, code: r.code });
        console.log(
          `${s.name.padEnd(14)} ${step.padEnd(8)} ${(ms / 1000).toFixed(1).padStart(6)} s${cpu === undefined ? '' : `  cpu ${cpu.toFixed(2)} s`}${r.code ? `  FAILED (${r.code})\n${r.output.slice(-1500)}` : ''}`,
        );
        if (r.code) break;
      }
    }
  }),
);
const wall = performance.now() - started;
console.log(
  `migrate + seed (${steps.join(' + ')}, pool ${pool}): ${(wall / 1000).toFixed(1)} s wall, ${(times.reduce((a, t) => a + t.ms, 0) / 1000).toFixed(1)} s summed` +
    (cpuTimes ? `, ${times.reduce((a, t) => a + (t.cpu ?? 0), 0).toFixed(1)} s cpu` : ''),
);
const client = new pg.Client({ connectionString: adminUrl });
await client.connect();
for (const s of services) await client.query(`drop database if exists "${prefix}${s.name}" with (force)`);
await client.end();
