/**
 * Bids benchmark (issue 13, "Measured"): N concurrent bidders (200) on one live auction for
 * S seconds (30) through the gateway (gateway → auctions → Postgres row lock, Redis price
 * feed). Each bidder bids the price it last saw plus one to three increments; a bid refused as
 * too low (422) carries the price it met (`bidTooLowResultsSchema`) and the bidder bids on from
 * it (before issue 13's profiling the bidder read the auction again with a GET after each 422,
 * which doubled the requests: the figures in services/auctions/README.md say which is which).
 * Prints bids per second (answered and accepted), p50/p95/p99 latency of the bid POST, and a check of the ladder: the accepted
 * bids in the order they were accepted each strictly higher than the one before, every 201 the
 * service answered found accepted in the database (none lost), no two at one amount, and the
 * auction's price, leader and count equal to the ladder's top and length.
 *
 * The auction has **no bidding fee** (a free auction, as all demo auctions but one per site):
 * with a fee every bid waits for a payment and a person on the provider's page, which would
 * measure the sandbox, not the bid path; a fee's acceptance takes the same lock
 * (services/auctions/test/bid-fees.int-spec.ts).
 *
 *   npm run build     (once: the default topology runs the built dist/main.js of both)
 *   node --conditions=source --import ./infra/testing/src/swc-register.mjs \
 *     scripts/bench/bids.ts [--bidders 200] [--seconds 30] [--think-ms 0] [--noop service|gateway]
 *     [--topology processes|single] [--direct] [--profile DIR]
 *
 * Topology (printed at the start, with pids and ports). The default, `processes`, is
 * production's: the gateway and the auctions service each in a process of its own (their built
 * `services/<name>/dist/main.js`, started by `service-process.ts`, NODE_ENV=production,
 * LOG_LEVEL=info with their JSON logs in /tmp, free ports), on a freshly migrated database; the
 * bidders in a worker thread of this process (`bids-bidders.ts`), whose main thread only serves
 * the test key's JWKS and reads the ladder. The service verifies the bidders' tokens as it
 * verifies identity's: its JWT_JWKS_URL is that JWKS, the key `tokenFor` signs with (one bid
 * below the starting price first must answer 422, not 401). `npm run build` first.
 *   --topology single   the bench of before: the gateway and the service in this process's main
 *                       thread (logs off), the bidders in its worker thread
 *   --direct            always in this process (it calls the service's PlaceBid: no gateway)
 *   --profile DIR       the gateway and service processes run with `--cpu-prof`, their profiles
 *                       written to DIR at the end (summarise with `scripts/bench/cpu-profile.ts`)
 *
 * Two load models. The default is a **closed loop with no think time**: every bidder has one
 * request in flight at all times, so by Little's law (N = X·R) the latency is the bidders
 * divided by the throughput the machine gives, whatever the bid path costs (200 bidders at
 * p95 ≤ 100 ms need ~2,000 requests/s). `--think-ms T` is the **realistic model**: after each
 * answer a bidder waits a random 0..2T ms (mean T) before its next bid, as a person watching
 * the live price does; then N = X·(R + T) and the offered load is about N / T requests/s.
 * The think time is not in the latencies. It prints which model ran and, for the think model,
 * the load it offered.
 *
 * `--noop` is the baseline of the same machine at the same moment: the same bidders in the same
 * closed loop, each GETting `/api/auctions/health` (`service`: the gateway's hop, its rate
 * limit and proxy, and the service's Nest pipeline, no database) or the gateway's own `/health`
 * (`gateway`), instead of bidding. What a bid costs is its figures beside these.
 *
 * `--direct` leaves HTTP out: the same bidders, as loops in this process, call the service's
 * `PlaceBid` itself (and, after a refusal, take the price it carries, or read it from the row
 * when it carries none): what the bid path costs without the gateway, Nest's pipeline and the
 * auth guard.
 *
 * To see where the CPU goes: `--profile DIR` for the processes, or `--topology single` under
 * `node --cpu-prof --cpu-prof-dir=DIR` (the gateway and the service are then in the main
 * thread's profile, the bidders in the worker's); `scripts/bench/cpu-profile.ts` summarises a
 * profile (self time by module and by function, over the last N seconds only, so start-up is
 * left out).
 *
 * Every server listens on a free port (0): no fixed port, so no need for the e2e lock.
 *
 * Postgres: MANZIL_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), Redis:
 * MANZIL_TEST_REDIS_URL. Bidders, gateway and service share the machine's cores: a floor, not
 * the capacity. Beside the latencies it prints the CPU time per answered bid (user + system,
 * all threads) of each process, this one (`process.cpuUsage()`) and the gateway and service
 * processes (utime + stime from /proc/<pid>/stat, in `getconf CLK_TCK` ticks), from the moment
 * the bidders are warm to their end: a busy machine disturbs it far less than the wall clock.
 * Nothing is asserted; the database is dropped.
 */
import 'reflect-metadata';
import type { Server } from 'node:http';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
// The helpers themselves, not @manzil/testing's index (which loads jest's globals).
import { createTestApp } from '../../infra/testing/src/app.js';
import { createMigratedDatabase, serviceTestEnv, testNamespace } from '../../infra/testing/src/database.js';
import { tokenFor } from '../../infra/testing/src/tokens.js';
import { createGatewayApp } from '../../services/gateway/src/app.js';
import { envSchema as gatewayEnv } from '../../services/gateway/src/config.js';
import { AppModule } from '../../services/auctions/src/app.module.js';
import { envSchema as auctionsEnv } from '../../services/auctions/src/config.js';
import { buildDataSource } from '../../services/auctions/src/data-source.js';
import { PlaceBid } from '../../services/auctions/src/bids/place-bid.js';
import type { BiddersData, BiddersResult } from './bids-bidders.js';
import {
  peakRssMib,
  processCpuMs,
  serviceNodeOptions,
  startServiceProcess,
  type ServiceProcess,
} from './service-process.js';

const { values } = parseArgs({
  options: {
    bidders: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '30' },
    noop: { type: 'string' },
    direct: { type: 'boolean', default: false },
    'think-ms': { type: 'string', default: '0' },
    topology: { type: 'string' },
    profile: { type: 'string' },
  },
});
const DIRECT = values.direct;
if (values.topology !== undefined && values.topology !== 'processes' && values.topology !== 'single')
  throw new Error('--topology takes processes (the default) or single');
if (DIRECT && values.topology === 'processes')
  throw new Error('--direct calls PlaceBid in this process: it runs with the service in-process only');
if (values.profile !== undefined && (DIRECT || values.topology === 'single'))
  throw new Error(
    '--profile is for the processes topology: profile a single-process run with node --cpu-prof',
  );
/** The gateway and the service in this process (`--topology single`, and `--direct`, which has no gateway). */
const SINGLE = DIRECT || values.topology === 'single';
const BIDDERS = Number(values.bidders);
const SECONDS = Number(values.seconds);
const THINK_MS = Number(values['think-ms']);
if (!(THINK_MS >= 0)) throw new Error('--think-ms takes a number of milliseconds ≥ 0');
if (THINK_MS > 0 && DIRECT) throw new Error('--think-ms is for the HTTP bidders, not --direct');
const STARTING_PRICE = 1_000_000;
const INCREMENT = 1_000;
const NOOP_PATHS: Record<string, string> = { service: '/api/auctions/health', gateway: '/health' };
if (values.noop !== undefined && !(values.noop in NOOP_PATHS))
  throw new Error(`--noop takes ${Object.keys(NOOP_PATHS).join(' or ')}`);
const NOOP_PATH = values.noop === undefined ? null : NOOP_PATHS[values.noop];

const db = await createMigratedDatabase('auctions_bench', buildDataSource);
const namespace = testNamespace('bench-bids');
// The service verifies `tokenFor`'s tokens as it verifies identity's: JWT_JWKS_URL is the
// test key's JWKS served by this process (infra/testing/src/tokens.ts), the key tokenFor signs
// with, whether the service runs here or in a process of its own.
const serviceEnvironment = serviceTestEnv(db, namespace);
const REDIS_URL = serviceEnvironment.REDIS_URL;
const RATE_NAMESPACE = `${namespace}:rl`;

/** What the run needs of the servers, whichever topology runs them. */
interface Servers {
  /** The gateway's port (null for --direct: no HTTP). */
  port: number | null;
  /** Inserts the auction and reads the ladder back. */
  dataSource: DataSource;
  /** The service's use case, for --direct. */
  placeBid?: PlaceBid;
  /** The gateway and the service when they run as processes of their own (their CPU is read from /proc). */
  processes: ServiceProcess[];
  topology: string;
  stop: () => Promise<void>;
}

async function inProcess(): Promise<Servers> {
  const auctions: INestApplication = await createTestApp(
    AppModule.forRoot(auctionsEnv.parse({ ...serviceEnvironment, LOG_LEVEL: 'silent' })),
  );
  if (DIRECT)
    return {
      port: null,
      dataSource: auctions.get(DataSource),
      placeBid: auctions.get(PlaceBid),
      processes: [],
      topology: `the bidders as loops in this process (pid ${process.pid}) calling the auctions service's PlaceBid (the service in-process, no gateway, no HTTP)`,
      stop: () => auctions.close(),
    };
  const gateway = await createGatewayApp(
    gatewayEnv.parse({
      PORT: 0,
      LOG_LEVEL: 'silent',
      REDIS_URL,
      GATEWAY_RATE_NAMESPACE: RATE_NAMESPACE,
      RATE_LIMIT_PER_MINUTE: 1_000_000_000,
      AUCTIONS_URL: await auctions.getUrl(),
    }),
    false,
  );
  await gateway.listen(0, '127.0.0.1');
  // The bidders keep their sockets to the gateway, as the ingress does in production: the
  // gateway holds them longer than Node's 5 s default, or a loop that lags that long (this
  // process gets a fraction of a busy machine) closes sockets a bidder is writing to.
  (gateway.getHttpServer() as Server).keepAliveTimeout = 65_000;
  const port = (gateway.getHttpServer().address() as { port: number }).port;
  return {
    port,
    dataSource: auctions.get(DataSource),
    processes: [],
    topology: `single: one process (pid ${process.pid}), the bidders in a worker thread, the gateway (:${port}) and the auctions service (:${new URL(await auctions.getUrl()).port}) in the main thread, logs off; ${os.cpus().length} cores`,
    stop: async () => {
      await gateway.close();
      await auctions.close();
    },
  };
}

/** As production runs them: the built gateway and auctions service, one process each. */
async function asProcesses(): Promise<Servers> {
  const tag = namespace.replaceAll(':', '-');
  const common = { NODE_ENV: 'production', LOG_LEVEL: 'info' };
  const auctions = await startServiceProcess('auctions', {
    env: {
      ...Object.fromEntries(Object.entries(serviceEnvironment).map(([name, value]) => [name, String(value)])),
      ...common,
    },
    profileDir: values.profile,
    logFile: `/tmp/${tag}-auctions.log`,
  });
  const processes = [auctions];
  const gateway = await startServiceProcess('gateway', {
    env: {
      ...common,
      REDIS_URL,
      AUCTIONS_URL: auctions.url,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      GATEWAY_RATE_NAMESPACE: RATE_NAMESPACE,
    },
    profileDir: values.profile,
    logFile: `/tmp/${tag}-gateway.log`,
  });
  processes.unshift(gateway);
  // The ladder's reads and the auction's insert: a pool of its own, the service's is in its process.
  const dataSource = buildDataSource(db.url);
  dataSource.setOptions({ extra: { max: 2 } });
  await dataSource.initialize();
  return {
    port: gateway.port,
    dataSource,
    processes,
    topology:
      `processes: the bidders in a worker thread of the bench process (pid ${process.pid}) → gateway process (pid ${gateway.pid}, :${gateway.port}, dist/main.js)` +
      ` → auctions service process (pid ${auctions.pid}, :${auctions.port}, dist/main.js) → Postgres + Redis; NODE_ENV=production, LOG_LEVEL=info,` +
      ` logs /tmp/${tag}-*.log${values.profile ? `, CPU profiles in ${values.profile}` : ''}; ${os.cpus().length} cores`,
    stop: async () => {
      await gateway.stop();
      await auctions.stop();
      processes.length = 0; // stopped: the exit hook must not signal their (reusable) pids
      await dataSource.destroy();
    },
  };
}

const servers = SINGLE ? await inProcess() : await asProcesses();
const { port, dataSource } = servers;

const [{ id: auctionId }] = (await dataSource.query(
  `INSERT INTO "auctions" ("site", "property_id", "starts_at", "ends_at", "starting_price", "min_increment", "bidding_fee")
   VALUES ('ae', $1, now() - interval '1 minute', now() + interval '1 hour', $2, $3, 0) RETURNING "id"`,
  [randomUUID(), STARTING_PRICE, INCREMENT],
)) as { id: string }[];

const tokens = await Promise.all(
  Array.from({ length: BIDDERS }, () => tokenFor('user', { site: 'ae', sub: randomUUID() })),
);

/** `--direct`: the bidders of `bids-bidders.ts` without HTTP, calling the service's PlaceBid. */
async function direct(): Promise<BiddersResult> {
  const placeBid = servers.placeBid!;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const acknowledged: { id: string; amount: number }[] = [];
  let errors = 0;
  let seen = STARTING_PRICE;
  const readPrice = async () =>
    Number(
      (
        (await dataSource.query(
          `SELECT coalesce("current_price", "starting_price")::float8 AS "price" FROM "auctions" WHERE "id" = $1`,
          [auctionId],
        )) as { price: number }[]
      )[0].price,
    );
  await Promise.all(tokens.map(() => readPrice()));
  markStart();
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    tokens.map(async () => {
      const bidderId = randomUUID();
      let known = seen;
      while (performance.now() < end) {
        const amount = Math.max(known, seen) + INCREMENT * (1 + Math.floor(Math.random() * 3));
        const t0 = performance.now();
        try {
          const bid = await placeBid.execute({ site: 'ae', language: 'en', auctionId, bidderId, amount });
          latencies.push(performance.now() - t0);
          statuses.set(201, (statuses.get(201) ?? 0) + 1);
          acknowledged.push({ id: bid.id, amount });
          known = amount;
          seen = Math.max(seen, amount);
        } catch (error) {
          const status = (error as { status?: number }).status;
          if (status === undefined) {
            errors += 1;
            continue;
          }
          latencies.push(performance.now() - t0);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const carried = (error as { details?: { price?: { currentPrice: number } } }).details?.price;
          known = carried ? carried.currentPrice : await readPrice();
          seen = Math.max(seen, known);
        }
      }
    }),
  );
  return {
    latencies,
    statuses: [...statuses],
    acknowledged,
    errors,
    elapsed: (performance.now() - started) / 1000,
  };
}

let load: number[] = [];
let cpuAtStart = process.cpuUsage();
let childCpuAtStart: number[] = [];
/** The measured span starts: the load average and every process's CPU time so far. */
function markStart() {
  load = os.loadavg();
  cpuAtStart = process.cpuUsage();
  childCpuAtStart = servers.processes.map((child) => processCpuMs(child.pid));
}

if (port !== null) {
  // One bid below the starting price first: a 422 (too low) shows the service verifies the
  // bench's tokens (a 401 here would make every bid of the run a 401, not a bid).
  const probe = await fetch(`http://127.0.0.1:${port}/api/auctions/v1/auctions/${auctionId}/bids`, {
    method: 'POST',
    headers: {
      host: 'ae.localhost',
      'x-site': 'ae',
      authorization: `Bearer ${tokens[0]}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ amount: STARTING_PRICE - INCREMENT }),
  });
  if (probe.status !== 422)
    throw new Error(
      `a bid below the starting price answered ${probe.status}, not 422: ${await probe.text()}`,
    );
}

let result: BiddersResult;
if (port === null)
  result = await direct(); // --direct: no gateway
else {
  // A worker thread does not inherit the main thread's loader hooks: it registers swc's, then
  // loads the bidders.
  const entry = `import(${JSON.stringify(new URL('../../infra/testing/src/swc-register.mjs', import.meta.url).href)})
    .then(() => import(${JSON.stringify(new URL('./bids-bidders.ts', import.meta.url).href)}))`;
  const worker = new Worker(entry, {
    eval: true,
    workerData: {
      port,
      auctionId,
      tokens,
      seconds: SECONDS,
      startingPrice: STARTING_PRICE,
      increment: INCREMENT,
      noopPath: NOOP_PATH,
      thinkMs: THINK_MS,
    } satisfies BiddersData,
  });
  result = await new Promise<BiddersResult>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (message: { kind: 'warm' } | { kind: 'done'; result: BiddersResult }) => {
      if (message.kind === 'warm') {
        markStart();
        worker.postMessage('go');
      } else resolve(message.result);
    });
  });
  await worker.terminate();
}
const cpu = process.cpuUsage(cpuAtStart);
const childCpuMs = servers.processes.map((child, i) => processCpuMs(child.pid) - childCpuAtStart[i]);
const childPeakRss = servers.processes.map((child) => peakRssMib(child.pid));
const { latencies, statuses, acknowledged, errors, elapsed } = result;

// ---- the ladder --------------------------------------------------------------------------
// In the order they were accepted: their `bid.placed` rows in the outbox, whose BIGSERIAL id is
// drawn inside the bid's transaction while it holds the auction's lock (a bid's created_at is
// its transaction's start, which is not the order the lock was granted in).
const ladder = (await dataSource.query(
  `SELECT b."id", b."amount"::float8 AS "amount", b."bidder_id"
     FROM "outbox" o JOIN "bids" b ON b."id" = (o."event"->'payload'->>'bidId')::uuid
    WHERE o."event"->>'type' = 'bid.placed' AND b."auction_id" = $1 AND b."status" = 'accepted'
    ORDER BY o."id"`,
  [auctionId],
)) as { id: string; amount: number; bidder_id: string }[];
const [{ count: acceptedRows }] = (await dataSource.query(
  `SELECT count(*)::int AS "count" FROM "bids" WHERE "auction_id" = $1 AND "status" = 'accepted'`,
  [auctionId],
)) as { count: number }[];
const [auction] = (await dataSource.query(
  `SELECT "current_price"::float8 AS "price", "leading_bid_id", "leading_bidder_id", "bid_count"
     FROM "auctions" WHERE "id" = $1`,
  [auctionId],
)) as { price: number; leading_bid_id: string; leading_bidder_id: string; bid_count: number }[];
let notHigher = 0;
for (let i = 1; i < ladder.length; i++) if (!(ladder[i].amount > ladder[i - 1].amount)) notHigher += 1;
const inDb = new Set(ladder.map((row) => row.id));
const lost = acknowledged.filter((bid) => !inDb.has(bid.id)).length;
const unanswered = Math.abs(acknowledged.length - acceptedRows) + Math.abs(acceptedRows - ladder.length);
const amounts = new Set(ladder.map((row) => row.amount));
const top = ladder[ladder.length - 1];
const stateWrong =
  auction.price !== top?.amount ||
  auction.leading_bid_id !== top?.id ||
  auction.leading_bidder_id !== top?.bidder_id ||
  auction.bid_count !== ladder.length;

latencies.sort((a, b) => a - b);
const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
const anomalies =
  notHigher + lost + unanswered + (ladder.length - amounts.size) + (stateWrong ? 1 : 0) + errors;
console.log(
  NOOP_PATH
    ? `bids bench, no-op baseline: ${BIDDERS} clients GET ${NOOP_PATH} ${THINK_MS > 0 ? `with think time` : `in a closed loop`}, ${SECONDS} s`
    : `bids bench: ${BIDDERS} bidders, one live auction (no fee), ${SECONDS} s, ${DIRECT ? 'calling PlaceBid directly (no HTTP)' : 'through the gateway'}`,
);
console.log(`  topology: ${servers.topology}`);
const meanLatencyMs = latencies.reduce((sum, ms) => sum + ms, 0) / Math.max(1, latencies.length);
console.log(
  THINK_MS > 0
    ? `  load model: think time, each bidder waits a random 0..${2 * THINK_MS} ms (mean ${THINK_MS}) after each answer;` +
        ` offered ≈ ${(BIDDERS / (THINK_MS / 1000)).toFixed(0)} req/s at zero latency;` +
        ` Little's law N/(R+Z) = ${(BIDDERS / ((meanLatencyMs + THINK_MS) / 1000)).toFixed(1)} req/s at the mean latency ${meanLatencyMs.toFixed(1)} ms`
    : `  load model: closed loop, no think time (one request in flight per bidder; mean latency ${meanLatencyMs.toFixed(1)} ms)`,
);
console.log(
  `  machine: ${os.cpus().length} cores, load average at start ${load.map((l) => l.toFixed(2)).join(' ')}, at end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(
  `  ${NOOP_PATH ? 'GETs' : DIRECT ? 'bids' : 'bid POSTs'} answered: ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(1)} ${NOOP_PATH ? 'requests' : 'bids'}/s` +
    ` (${statuses.map(([s, n]) => `${s}: ${n}`).join(', ')}; transport errors ${errors})`,
);
const answered = Math.max(1, latencies.length);
const benchCpuMs = (cpu.user + cpu.system) / 1e3;
const cpuLine = (name: string, ms: number) =>
  `${name} ${(ms / 1000).toFixed(1)} s = ${(ms / answered).toFixed(2)} ms`;
console.log(
  `  CPU ms per answered ${NOOP_PATH ? 'request' : 'bid'} (user+system, all threads${NOOP_PATH ? '' : '; 422s carry the price: no read after them'}): ` +
    [
      cpuLine(
        SINGLE
          ? `this process (${DIRECT ? 'bidders and service' : 'bidders, gateway and service'})`
          : 'bench process (bidders)',
        benchCpuMs,
      ),
      ...servers.processes.map((child, i) => cpuLine(`${child.name} (pid ${child.pid})`, childCpuMs[i])),
      ...(SINGLE
        ? []
        : [
            cpuLine(
              'gateway + service',
              childCpuMs.reduce((sum, ms) => sum + ms, 0),
            ),
            cpuLine('all', benchCpuMs + childCpuMs.reduce((sum, ms) => sum + ms, 0)),
          ]),
    ].join('; '),
);
if (!SINGLE)
  console.log(
    `  peak resident memory (VmHWM; NODE_OPTIONS '${serviceNodeOptions()}'): ` +
      servers.processes.map((child, i) => `${child.name} ${childPeakRss[i].toFixed(0)} MiB`).join('; '),
  );
console.log(
  `  latency ms: p50 ${q(0.5).toFixed(1)}  p95 ${q(0.95).toFixed(1)}  p99 ${q(0.99).toFixed(1)}  max ${latencies.at(-1)?.toFixed(1)}`,
);
if (!NOOP_PATH) {
  console.log(
    `  accepted: ${acknowledged.length} = ${(acknowledged.length / elapsed).toFixed(1)} accepted/s`,
  );
  console.log(
    `  ladder: ${ladder.length} accepted in the database; not strictly higher than the one before: ${notHigher};` +
      ` 201s not found accepted (lost): ${lost}; 201s / accepted rows / in the outbox: ${acknowledged.length} / ${acceptedRows} / ${ladder.length};` +
      ` repeated amounts: ${ladder.length - amounts.size}; auction price/leader/leading bidder/count ${stateWrong ? 'WRONG' : 'match the top'}`,
  );
  console.log(`  ${anomalies === 0 ? 'OK: zero anomalies' : `ANOMALIES: ${anomalies}`}`);
} else console.log(`  ${errors === 0 ? 'OK: no transport error' : `transport errors: ${errors}`}`);

await servers.stop();
await db.drop();
process.exit(0);
