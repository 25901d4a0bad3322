// Small helpers shared by the repo scripts (start, build, test, e2e): paths, colours,
// child processes, waiting for ports and HTTP endpoints. No third-party imports, so the
// scripts can run before `npm ci` has finished (install.mjs relies on that).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DATA_DIR = path.join(ROOT, '.data');
export const CACHE_DIR = path.join(ROOT, '.cache');
export const LOG_DIR = path.join(DATA_DIR, 'logs');
export const RUN_DIR = path.join(DATA_DIR, 'run');

const useColour =
  !process.env.NO_COLOR && (Boolean(process.env.FORCE_COLOR) || Boolean(process.stdout.isTTY));
const paint = (code) => (text) => (useColour ? `\x1b[${code}m${text}\x1b[0m` : String(text));
export const c = {
  bold: paint('1'),
  dim: paint('2'),
  red: paint('31'),
  green: paint('32'),
  yellow: paint('33'),
  blue: paint('34'),
  magenta: paint('35'),
  cyan: paint('36'),
  grey: paint('90'),
};
export const PALETTE = [
  c.cyan,
  c.magenta,
  c.yellow,
  c.blue,
  c.green,
  paint('91'),
  paint('94'),
  paint('95'),
  paint('96'),
];

export const say = (msg) => console.log(`${c.bold(c.green('manzil'))} ${msg}`);
export const warn = (msg) => console.log(`${c.bold(c.yellow('manzil'))} ${c.yellow(msg)}`);
export const fail = (msg) => console.error(`${c.bold(c.red('manzil'))} ${c.red(msg)}`);

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

export function mkdirp(dir, mode) {
  fs.mkdirSync(dir, { recursive: true, ...(mode ? { mode } : {}) });
  return dir;
}

/** Environment every script and child should run with: Nx and XDG state kept in the repo. */
export function repoEnv(extra = {}) {
  const env = {
    ...process.env,
    NX_DAEMON: 'false',
    NX_NO_CLOUD: 'true',
    NX_CACHE_DIRECTORY: path.join(CACHE_DIR, 'nx'),
    NX_WORKSPACE_DATA_DIRECTORY: path.join(CACHE_DIR, 'nx', 'workspace-data'),
    NX_SOCKET_DIR: path.join(CACHE_DIR, 'nx', 'sockets'),
    NX_NATIVE_FILE_CACHE_DIRECTORY: path.join(CACHE_DIR, 'nx', 'native'),
    XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.join(CACHE_DIR, 'xdg', 'config'),
    XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? path.join(CACHE_DIR, 'xdg', 'cache'),
    ...extra,
  };
  return env;
}

/** True when a process with this pid exists (and is not a zombie we could still reap). */
export function alive(pid) {
  if (!pid || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z';
  } catch {
    return true;
  }
}

/** Send a signal to a process group (falls back to the process). Never throws. */
export function signalGroup(pid, signal) {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
    return;
  } catch {
    /* not a group leader: signal the process itself */
  }
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

/** Wait until `check()` is true, polling; resolves false on timeout. */
export async function waitFor(check, { timeoutMs = 30_000, intervalMs = 100 } = {}) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await sleep(intervalMs);
  }
}

/** Stop a process (group): SIGTERM, then SIGKILL after `graceMs`. */
export async function stopPid(pid, { graceMs = 8_000, group = true, signal = 'SIGTERM' } = {}) {
  if (!alive(pid)) return;
  const send = (sig) => (group ? signalGroup(pid, sig) : safeKill(pid, sig));
  send(signal);
  if (await waitFor(() => !alive(pid), { timeoutMs: graceMs, intervalMs: 50 })) return;
  send('SIGKILL');
  await waitFor(() => !alive(pid), { timeoutMs: 3_000, intervalMs: 50 });
}

export function safeKill(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    /* gone */
  }
}

/** True when something accepts TCP connections on host:port. */
export function portOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (result) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** GET a URL with node:http; resolves { status, body } or null when unreachable. */
export function httpGet(url, timeoutMs = 2_000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        if (body.length < 4096) body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/**
 * Run a command to completion. `stdio: 'inherit'` streams output; otherwise output is
 * collected and returned. Resolves { code, signal, output, ms }; never rejects.
 */
export function run(cmd, args, { cwd = ROOT, env = repoEnv(), stdio = 'pipe', timeoutMs = 0, onLine } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env,
      stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let timer;
    const collect = (chunk) => {
      const text = chunk.toString();
      output += text;
      if (output.length > 2_000_000) output = output.slice(-1_000_000);
      if (onLine) for (const line of text.split('\n')) if (line) onLine(line);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    runningChildren.add(child);
    if (timeoutMs) {
      timer = setTimeout(() => {
        output += `\n[timed out after ${seconds(timeoutMs)}]\n`;
        signalGroup(child.pid, 'SIGTERM');
        setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 5_000).unref();
      }, timeoutMs);
    }
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      runningChildren.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), signal, output, ms: Date.now() - started });
    });
  });
}

/** Children started through run(): killed when the script is interrupted. */
export const runningChildren = new Set();
export function killRunningChildren(signal = 'SIGTERM') {
  for (const child of runningChildren) signalGroup(child.pid, signal);
}

export function readJson(file, fallback = undefined) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return fallback;
  }
}

export function tail(text, lines = 40) {
  return text.split('\n').slice(-lines).join('\n');
}
