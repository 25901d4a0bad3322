// What the page benchmarks (weight.ts, lighthouse.ts, js-profile.ts) share: the built gateway
// alone on a free port, serving the built frontends, and the flags of a quiet headless Chromium.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `services/gateway/dist/main.js` on a free port (production mode, its own rate-limit
 * namespace named after `bench`, no practical limit) and waits for its /health, 90 s at most.
 * API calls fail (no services): scripts and pages only. `MANZIL_BENCH_FRONTENDS_DIR` serves the
 * dists of another folder laid out like `frontends/` (e.g. a copy of the build before a change).
 */
export async function startBuiltGateway(bench: string): Promise<{ url: string; stop: () => void }> {
  const main = path.join(ROOT, 'services', 'gateway', 'dist', 'main.js');
  if (!existsSync(main)) throw new Error('services/gateway/dist is missing: run `npm run build` first');
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: path.dirname(path.dirname(main)),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      // Another build's dists (a copy kept to compare before and after in the same minute).
      FRONTENDS_DIR: process.env.MANZIL_BENCH_FRONTENDS_DIR ?? path.join(ROOT, 'frontends'),
      GATEWAY_RATE_NAMESPACE: `manzil:bench-${bench}:${process.pid}`,
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the gateway exited (code ${child.exitCode})`);
    // 90 s: at a load of 20-30 on 2 cores its start alone took over 30 s.
    if (Date.now() - started > 90_000) {
      child.kill('SIGTERM');
      throw new Error('the gateway did not answer /health within 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url: `http://ae.localhost:${port}`, stop: () => child.kill('SIGTERM') };
}

/** Headless Chromium without the background traffic that would disturb a measurement. */
export const QUIET_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `fetch` for the system's site addresses from Node: its resolver does not know `*.localhost`
 * without an /etc/hosts line (Chromium resolves it to loopback itself, as RFC 6761 asks), so
 * the request goes to 127.0.0.1 with the site's Host header, which the gateway reads the site from.
 */
export function fetchLocal(url: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url);
  const host = target.host;
  if (target.hostname.endsWith('.localhost')) target.hostname = '127.0.0.1';
  return fetch(target, { ...init, headers: { ...(init.headers as Record<string, string>), host } });
}
