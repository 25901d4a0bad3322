/**
 * Paired comparison of two gateway builds (issue 13), for a machine too busy for runs taken one
 * after the other: both run at once as processes (NODE_ENV=production, LOG_LEVEL=info, their
 * logs in /tmp/gateway-pair-{A,B}.log), behind them one plain upstream answering a small JSON
 * (as a service's /health), and one load generator whose loops send their requests in turn to
 * one and the other; prints each one's CPU (utime + stime from /proc) per answered request over
 * the same seconds, and B/A. A/A runs give its noise (±4 % on 2 busy cores).
 *
 *   node scripts/bench/gateway-pair.mjs A/services/gateway/dist/main.js B/services/gateway/dist/main.js \
 *     [seconds 20] [loops 100] [path /api/auctions/health]
 *
 * A build to compare against: a copy of the tree at that commit with its own `dist` of the gateway
 * and nest-kit (the other packages can be the same). `B_ARGS` adds node flags to B (e.g.
 * `--cpu-prof --cpu-prof-dir DIR`, then B is stopped with SIGUSR2: see service-process.ts).
 * Redis: MANZIL_TEST_REDIS_URL (default redis://127.0.0.1:6379), a namespace of its own.
 */
import { spawn, execFileSync } from 'node:child_process';
import { createServer, Agent, request } from 'node:http';
import { readFileSync, openSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
const [mainA, mainB] = [process.argv[2], process.argv[3]];
const SECONDS = Number(process.argv[4] ?? 20);
const CONC = Number(process.argv[5] ?? 100);
const PATH = process.argv[6] ?? '/api/auctions/health';
const TICK = Number(execFileSync('getconf', ['CLK_TCK']).toString());
const body = JSON.stringify({ status: 200, success: true, message: 'OK', results: { status: 'ok' } });
const upstream = createServer((req, res) => {
  req.resume();
  res.setHeader('x-request-id', req.headers['x-request-id'] ?? '');
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.setHeader('etag', 'W/"5a-abc"');
  res.end(body);
});
upstream.keepAliveTimeout = 65_000;
await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
const upPort = upstream.address().port;
async function freePort() {
  const s = createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const p = s.address().port;
  await new Promise((r) => s.close(r));
  return p;
}
const ns = `gateway-pair:${randomUUID().slice(0, 8)}`;
async function start(main, tag, args = []) {
  const port = await freePort();
  const out = openSync(`/tmp/gateway-pair-${tag}.log`, 'w');
  const child = spawn(process.execPath, [...args, main], {
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      REDIS_URL: process.env.MANZIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      GATEWAY_RATE_NAMESPACE: `${ns}:${tag}`,
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUCTIONS_URL: `http://127.0.0.1:${upPort}`,
      FRONTENDS_DIR: '/nonexistent',
    },
  });
  for (let i = 0; i < 100; i++) {
    try {
      await get(port, '/health');
      return { child, port };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`${tag} did not start`);
}
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
function get(port, path) {
  return new Promise((resolve, reject) => {
    const r = request(
      { host: '127.0.0.1', port, path, agent, headers: { host: 'ae.localhost:3000' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    r.on('error', reject);
    r.end();
  });
}
function cpu(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / TICK;
}
const A = await start(mainA, 'A');
const B = await start(mainB, 'B', (process.env.B_ARGS ?? '').split(' ').filter(Boolean));
let counting = false;
const counts = { A: 0, B: 0 };
const bad = { A: 0, B: 0 };
let stop = false;
async function loop(i) {
  let turn = i % 2;
  while (!stop) {
    const [tag, g] = turn ? ['B', B] : ['A', A];
    turn ^= 1;
    try {
      const s = await get(g.port, PATH);
      if (counting) {
        counts[tag]++;
        if (s !== 200) bad[tag]++;
      }
    } catch {
      if (counting) bad[tag]++;
    }
  }
}
const loops = Array.from({ length: CONC }, (_, i) => loop(i));
await new Promise((r) => setTimeout(r, 4000));
const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const c0 = { A: cpu(A.child.pid), B: cpu(B.child.pid) };
counting = true;
const t0 = Date.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
counting = false;
const c1 = { A: cpu(A.child.pid), B: cpu(B.child.pid) };
const secs = (Date.now() - t0) / 1000;
stop = true;
await Promise.allSettled(loops);
A.child.kill(process.env.B_ARGS ? 'SIGUSR2' : 'SIGTERM');
B.child.kill(process.env.B_ARGS ? 'SIGUSR2' : 'SIGTERM');
await new Promise((r) => setTimeout(r, 3000));
const per = (t) => ((1000 * (c1[t] - c0[t])) / counts[t]).toFixed(3);
console.log(
  `${new Date().toISOString().slice(11, 19)} load ${load0} | ${((counts.A + counts.B) / secs).toFixed(0)} req/s | A ${per('A')} ms (${counts.A}, bad ${bad.A}) | B ${per('B')} ms (${counts.B}, bad ${bad.B}) | B/A ${(per('B') / per('A')).toFixed(3)}`,
);
upstream.closeAllConnections();
upstream.close();
agent.destroy();
process.exit(0);
