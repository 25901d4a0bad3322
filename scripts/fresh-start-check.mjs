#!/usr/bin/env node
// The README's front door, walked as a newcomer walks it: copy the tree as a fresh clone
// would have it (tracked and new files, no node_modules, no .data, no dist), run `npm start`
// there with a clean environment, wait until both sites answer, press Ctrl-C (SIGINT to the
// whole foreground process group, as a terminal does) and check that nothing it started is
// left: no process running from the clone, no port of the stack still listening.
//
//   node scripts/fresh-start-check.mjs [--keep] [--timeout-s=600]
// Prints one line per step and, last, `fresh-start: passed` or `fresh-start: FAILED (...)`;
// exit code 0/1. The clone's console output is kept in .cache/test/fresh-start.log.
// Needs the ports of `npm start` free (3000, 4001-4010, 5433, 6380): run it when no other
// stack is up (npm test runs it after the browser tests have stopped theirs).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CACHE_DIR, ROOT, mkdirp, portOpen, say, seconds, sleep, warn } from './lib/common.mjs';

const GATEWAY_PORT = 3000;
const SERVICE_PORTS = [4001, 4002, 4003, 4004, 4005, 4006, 4007, 4010];
const PG_PORT = Number(process.env.MANZIL_PG_PORT ?? 5433);
const REDIS_PORT = Number(process.env.MANZIL_REDIS_PORT ?? 6380);
const STACK_PORTS = [GATEWAY_PORT, ...SERVICE_PORTS, PG_PORT, REDIS_PORT];

/** The files a fresh clone of this tree has: tracked ones and new ones git does not ignore. */
function cloneFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .toString('utf8')
    .split('\0')
    .filter((f) => f && fs.existsSync(path.join(ROOT, f)));
}

function copyTree(to) {
  const files = cloneFiles();
  for (const file of files) {
    const target = path.join(to, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), target);
    fs.chmodSync(target, fs.statSync(path.join(ROOT, file)).mode);
  }
  return files.length;
}

/** GET / on the gateway with a site's Host: resolves to the status and whether it is the shell's HTML. */
function siteAnswers(host) {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port: GATEWAY_PORT, path: '/', headers: { host }, timeout: 3_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          if (body.length < 200_000) body += chunk;
        });
        res.on('end', () => resolve(res.statusCode === 200 && /<div id="root"|<html/i.test(body)));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Processes whose working directory or command line is inside `dir` (pid, command). */
export function processesUnder(dir) {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (/^\d+ \(.*\) Z /.test(status)) continue; // a zombie holds nothing
      let cwd = '';
      try {
        cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      } catch {
        /* not ours to read */
      }
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cwd === dir || cwd.startsWith(`${dir}/`) || cmd.includes(dir))
        found.push({ pid: Number(entry), cmd });
    } catch {
      /* exited while we looked */
    }
  }
  return found;
}

async function openPorts() {
  const open = [];
  for (const port of STACK_PORTS) if (await portOpen(port)) open.push(port);
  return open;
}

export async function freshStartCheck({ keep = false, timeoutMs = 10 * 60_000, log = console.log } = {}) {
  const t0 = Date.now();
  const logFile = path.join(mkdirp(path.join(CACHE_DIR, 'test')), 'fresh-start.log');
  const busy = await openPorts();
  if (busy.length)
    return {
      ok: false,
      reason: `ports ${busy.join(', ')} are in use before the check: stop the stack that holds them (another npm start?)`,
    };

  // Under /tmp, so the embedded Postgres's user can reach its data directory as in a clone.
  // mkdtemp makes it 0700; a clone is 0755, which lets the embedded Postgres keep its data
  // inside it (.data/pg), so removing the clone removes everything the check made.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-fresh-'));
  fs.chmodSync(dir, 0o755);
  const count = copyTree(dir);
  log(`fresh-start: ${count} files copied to ${dir} (no node_modules, no .data, no dist)`);

  // The environment of a newcomer's terminal: nothing of ours (no DATABASE_URL, REDIS_URL,
  // test URLs, Kafka brokers, colour forcing).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|REDIS_URL|KAFKA_BROKERS|OPENSEARCH_URL|MANZIL_|NX_|JEST_|NODE_OPTIONS|npm_|INIT_CWD)/.test(
          k,
        ),
    ),
  );
  env.NO_COLOR = '1';
  const out = fs.openSync(logFile, 'w');
  // detached: its own process group, the terminal's foreground group of `npm start`.
  const child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', out, out] });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const result = { ok: false, dir, logFile, readyMs: 0, stopMs: 0, left: [], reason: '' };
  try {
    const deadline = Date.now() + timeoutMs;
    let ready = false;
    while (Date.now() < deadline && !exited) {
      if ((await siteAnswers('ae.localhost:3000')) && (await siteAnswers('sa.localhost:3000'))) {
        ready = true;
        break;
      }
      await sleep(1_000);
    }
    result.readyMs = Date.now() - t0;
    if (!ready) {
      result.reason = exited
        ? `npm start exited (${exited.code ?? exited.signal}) before both sites answered`
        : `both sites did not answer within ${seconds(timeoutMs)}`;
      return result;
    }
    log(`fresh-start: both sites answer after ${seconds(result.readyMs)}; sending Ctrl-C`);

    const stopAt = Date.now();
    process.kill(-child.pid, 'SIGINT');
    const stopDeadline = Date.now() + 90_000;
    while (!exited && Date.now() < stopDeadline) await sleep(200);
    result.stopMs = Date.now() - stopAt;
    if (!exited) {
      result.reason = `npm start still running ${seconds(result.stopMs)} after Ctrl-C`;
      return result;
    }
    // Give detached grandchildren a moment to finish exiting before judging.
    const settle = Date.now() + 5_000;
    let left = processesUnder(dir);
    let ports = await openPorts();
    while ((left.length || ports.length) && Date.now() < settle) {
      await sleep(250);
      left = processesUnder(dir);
      ports = await openPorts();
    }
    result.left = left;
    if (left.length || ports.length) {
      result.reason =
        `left behind after Ctrl-C: ${left.map((p) => `pid ${p.pid} (${p.cmd.slice(0, 120)})`).join('; ') || 'no process of the clone'}` +
        (ports.length ? `; ports still open: ${ports.join(', ')}` : '');
      return result;
    }
    log(`fresh-start: stopped in ${seconds(result.stopMs)}, no process or port left`);
    result.ok = true;
    return result;
  } finally {
    fs.closeSync(out);
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    // Anything of the clone still alive is killed now, so a failed check never leaks processes.
    for (const p of processesUnder(dir)) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    if (!keep && result.ok) fs.rmSync(dir, { recursive: true, force: true });
    else if (!result.ok) warn(`fresh-start: clone kept for inspection at ${dir}; its output: ${logFile}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const args = process.argv.slice(2);
  const timeoutS = Number(args.find((a) => a.startsWith('--timeout-s='))?.slice(12) ?? 600);
  const r = await freshStartCheck({ keep: args.includes('--keep'), timeoutMs: timeoutS * 1000, log: say });
  if (r.ok) say(`fresh-start: passed (ready in ${seconds(r.readyMs)}, stopped in ${seconds(r.stopMs)})`);
  else warn(`fresh-start: FAILED (${r.reason})`);
  process.exit(r.ok ? 0 : 1);
}
