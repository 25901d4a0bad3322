import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Controller,
  Get,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Res,
} from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, register } from 'prom-client';
import { Public } from './auth.js';

/**
 * Prometheus metrics from prom-client's default registry: the process metrics of
 * `collectDefaultMetrics` (standard names, so stock dashboards work), the HTTP metrics below,
 * and whatever else the service and its libraries register there (the bus's
 * `manzil_bus_*`, the outbox's `manzil_outbox_*`, ...).
 *
 * Tests build many applications in one process and they share the registry, so every metric
 * is created once and found again by name.
 */
const LABELS = ['service', 'method', 'route', 'status_code'] as const;

function counter(): Counter<(typeof LABELS)[number]> {
  const name = 'manzil_http_requests_total';
  return (
    (register.getSingleMetric(name) as Counter<(typeof LABELS)[number]> | undefined) ??
    new Counter({ name, help: 'HTTP requests answered, by route template and status', labelNames: LABELS })
  );
}

function histogram(): Histogram<(typeof LABELS)[number]> {
  const name = 'manzil_http_request_duration_seconds';
  return (
    (register.getSingleMetric(name) as Histogram<(typeof LABELS)[number]> | undefined) ??
    new Histogram({
      name,
      help: 'Time from the request to the end of its answer, by route template and status',
      labelNames: LABELS,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    })
  );
}

let defaultsCollected = false;
/** Process metrics (CPU, memory, event loop lag, GC, handles), once per process. */
function collectProcessMetrics(): void {
  if (defaultsCollected || register.getSingleMetric('process_cpu_user_seconds_total')) return;
  defaultsCollected = true;
  collectDefaultMetrics();
}

const ROUTE = Symbol('metrics route');
/** Requests no route matched (404s, refused addresses): one label, so scans cannot grow the series. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Names the route of a request that is not handled by a Nest route (the gateway's proxy and
 * static files), so it is counted under a bounded label instead of `(unmatched)`.
 */
export function setMetricsRoute(response: Response, route: string): void {
  (response.locals as Record<symbol, string>)[ROUTE] = route;
}

/**
 * The route template (`/v1/pages/:slug`), never the raw URL: one series per route, whatever
 * ids and queries the requests carry.
 */
function routeOf(request: Request, response: Response): string {
  const named = (response.locals as Record<symbol, string | undefined>)[ROUTE];
  const template = (request.route as { path?: unknown } | undefined)?.path;
  return named ?? (typeof template === 'string' ? template : UNMATCHED_ROUTE);
}

/**
 * Counts every request and times it, labelled by method, route template and status. A request
 * whose client went away before the answer was complete is counted as 499 (nginx's code for
 * it), so slow requests the client gave up on still show in the latency.
 */
export function requestMetricsMiddleware(service: string) {
  collectProcessMetrics();
  const requests = counter();
  const durations = histogram();
  return (request: Request, response: Response, next: NextFunction): void => {
    const end = durations.startTimer();
    response.once('close', () => {
      const labels = {
        service,
        method: request.method,
        route: routeOf(request, response),
        status_code: response.writableFinished ? String(response.statusCode) : '499',
      };
      end(labels);
      requests.inc(labels);
    });
    next();
  };
}

/** The exposition text of the default registry. */
async function exposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: register.contentType, body: await register.metrics() };
}

/**
 * `/metrics` on the service's own port, when no METRICS_PORT is configured (development,
 * tests). Not in the envelope: Prometheus reads the text format. The gateway never forwards
 * `/api/<service>/metrics`.
 */
@Controller()
export class MetricsController {
  @Public()
  @Get('metrics')
  async metrics(@Res() response: Response): Promise<void> {
    const { contentType, body } = await exposition();
    response.setHeader('Content-Type', contentType);
    response.send(body);
  }
}

export const METRICS_PORT = Symbol('METRICS_PORT');

/**
 * `/metrics` on a port of its own (METRICS_PORT, 9464 in k8s and Compose): declared on the
 * pod for Prometheus, in no Service and no Ingress, so neither the internet nor the gateway
 * can reach it. Plain node:http: no routes, guards or envelope to go through.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('metrics');
  private server?: Server;

  constructor(@Inject(METRICS_PORT) private readonly port: number) {}

  async onApplicationBootstrap(): Promise<void> {
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
        return;
      }
      exposition().then(
        ({ contentType, body }) => response.writeHead(200, { 'Content-Type': contentType }).end(body),
        (error: Error) => {
          this.logger.error(`metrics failed: ${error.message}`);
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '0.0.0.0', () => resolve());
    });
    this.server = server;
  }

  /** The port it listens on (the real one when METRICS_PORT is 0, as in tests). */
  address(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
