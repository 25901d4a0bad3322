/**
 * The bidders of `bids.ts`, in a worker thread of their own so the load generator does not
 * share the gateway's and the service's event loop (it still shares the machine's cores).
 * Each bidder bids the price it last saw plus one to three increments; a bid refused as too
 * low (422) carries the auction's price, which the bidder bids on from (another refusal
 * makes it read the auction). Posts back what the main thread
 * prints and checks: latencies, statuses, the acknowledged bids, transport errors.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

export interface BiddersData {
  port: number;
  auctionId: string;
  tokens: string[];
  seconds: number;
  startingPrice: number;
  increment: number;
  /**
   * The baseline on the same machine: instead of bidding, each bidder GETs this path in the
   * same closed loop (`/api/auctions/health`: gateway hop + the service's pipeline, no
   * database; `/health`: the gateway alone). Null: bid.
   */
  noopPath: string | null;
  /**
   * Mean think time in ms: after each answer a bidder waits a random 0..2×thinkMs before its
   * next request, as a person on the auction page does (0: the closed loop, always one request
   * in flight). Not counted in the latencies.
   */
  thinkMs: number;
}

export interface BiddersResult {
  latencies: number[];
  statuses: [number, number][];
  acknowledged: { id: string; amount: number }[];
  errors: number;
  elapsed: number;
}

const { port, auctionId, tokens, seconds, startingPrice, increment, noopPath, thinkMs } =
  workerData as BiddersData;
const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length + 10 });

function call(method: 'GET' | 'POST', path: string, token: string, body?: unknown, prefix = '/api/auctions') {
  return new Promise<{ status: number; json: { results?: Record<string, unknown> } }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `${prefix}${path}`,
        method,
        agent,
        headers: {
          host: 'ae.localhost',
          'x-site': 'ae',
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let json = {};
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: counted by its status */
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// Warm the path (JWKS, pools, sockets) with one read per bidder.
await Promise.all(tokens.map((token) => call('GET', `/v1/auctions/${auctionId}`, token)));
parentPort!.postMessage({ kind: 'warm' });
await new Promise((resolve) => parentPort!.once('message', resolve));

const latencies: number[] = [];
const statuses = new Map<number, number>();
const acknowledged: { id: string; amount: number }[] = [];
let errors = 0;
let seen = startingPrice;
const started = performance.now();
const end = started + seconds * 1000;

/**
 * A bidder's pause before its next request: uniform over 0..2×thinkMs (none in the closed
 * loop). Also before its first, so the bidders start spread over a think, not all at once.
 */
function think(): Promise<void> | undefined {
  if (thinkMs <= 0) return undefined;
  const ms = Math.min(Math.random() * 2 * thinkMs, end - performance.now());
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : undefined;
}

async function noop(token: string, path: string) {
  await think();
  while (performance.now() < end) {
    const t0 = performance.now();
    try {
      const response = await call('GET', path, token, undefined, '');
      latencies.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    } catch {
      errors += 1;
    }
    await think();
  }
}

async function bidder(token: string) {
  await think();
  let known = seen;
  while (performance.now() < end) {
    const amount = Math.max(known, seen) + increment * (1 + Math.floor(Math.random() * 3));
    const t0 = performance.now();
    try {
      const response = await call('POST', `/v1/auctions/${auctionId}/bids`, token, { amount });
      latencies.push(performance.now() - t0);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201) {
        acknowledged.push({ id: String(response.json.results?.id), amount });
        known = amount;
        seen = Math.max(seen, amount);
      } else if (response.status === 422) {
        // A bid too low carries the price it met (`bidTooLowResultsSchema`); any other
        // refusal makes the bidder read the auction.
        const price = (response.json.results?.price as { currentPrice?: number } | undefined)?.currentPrice;
        if (price !== undefined) known = Number(price);
        else {
          const detail = await call('GET', `/v1/auctions/${auctionId}`, token);
          known = Number(detail.json.results?.currentPrice ?? known);
        }
        seen = Math.max(seen, known);
      }
    } catch {
      errors += 1;
    }
    await think();
  }
}
await Promise.all(tokens.map((token) => (noopPath ? noop(token, noopPath) : bidder(token))));
const elapsed = (performance.now() - started) / 1000;
agent.destroy();
parentPort!.postMessage({
  kind: 'done',
  result: { latencies, statuses: [...statuses], acknowledged, errors, elapsed } satisfies BiddersResult,
});
