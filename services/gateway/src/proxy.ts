import { randomUUID } from 'node:crypto';
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { Socket } from 'node:net';
import { posix } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  fixRequestBody,
  proxyEventsPlugin,
  type Plugin,
} from 'http-proxy-middleware';
import { siteFromHost } from '@manzil/contracts';
import { currentContext, setMetricsRoute } from '@manzil/nest-kit/http';
import { sendError } from './respond.js';
import type { Upstream } from './upstreams.js';

const API_PATH = /^\/api\/([^/?#]+)(\/[^?#]*)?(\?.*)?$/;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Paths of a service that are for the cluster, not the internet: its Prometheus metrics.
 * Compared after decoding, lower-casing (Express routes ignore case) and resolving `//`,
 * `.` and `..`, so `/METRICS/`, `//metrics` or `/x/../%6detrics` are refused as well.
 */
export function isInternalPath(rest: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return false;
  }
  return posix.normalize(`/${decoded.toLowerCase()}`).replace(/\/+$/, '') === '/metrics';
}

/**
 * One keep-alive agent per upstream. Without an agent http-proxy sends `connection: close`
 * and opens a new TCP connection for every request (a connect, and a socket in TIME_WAIT,
 * per API call). Idle sockets are dropped after 4 s, under Node's 5 s server keep-alive
 * (and Node's agent also follows the `Keep-Alive: timeout=` hint the service sends), so the
 * gateway does not reuse a socket the service is closing. No cap on sockets: the gateway
 * queues nothing the service could take. Destroyed at shutdown so no idle socket keeps the
 * process (or a service's close) waiting.
 */
export class UpstreamAgents {
  private readonly agents = new Map<string, Agent>();

  for(target: string): Agent {
    let agent = this.agents.get(target);
    if (!agent) {
      const options = { keepAlive: true, timeout: 4_000 };
      agent = new URL(target).protocol === 'https:' ? new HttpsAgent(options) : new Agent(options);
      this.agents.set(target, agent);
    }
    return agent;
  }

  destroy(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/**
 * `/api/<service>/rest?query` → `<service target>/rest?query`. The site comes from the Host
 * only (a client cannot choose it by sending x-site); the request id is kept when the client
 * sent one so a request can be followed end to end. All other client headers travel as
 * they are, among them `language`, `timezoneOffset` and `authorization`.
 * X-Forwarded-For is replaced by the one client address the gateway settled on (`req.ip`,
 * which believes the ingress only when TRUST_PROXY covers it), so a service that trusts the
 * gateway reads the client there, and nothing a client wrote before it.
 */
export function apiProxy(
  table: Map<string, Upstream>,
  timeoutMs: number,
  agents: UpstreamAgents,
): RequestHandler {
  const logger = new Logger('proxy');
  const proxies = new Map<string, RequestHandler>();
  for (const upstream of table.values()) {
    const proxy = createProxyMiddleware<Request, Response>({
      target: upstream.target,
      changeOrigin: true,
      xfwd: true,
      proxyTimeout: timeoutMs,
      agent: agents.for(upstream.target),
      // Without its logger plugin, which formats a URL for every answer to hand it to a
      // logger that discards it (none is configured): ~1% of a proxied request's CPU
      // (issue 13). Its error plugin is left out already (we answer errors below); the two
      // kept are the ones that wire `on` and guard the sockets' errors.
      ejectPlugins: true,
      // Typed for node's own request and response; Express's extend them.
      plugins: [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<Request, Response>[],
      on: {
        proxyReq: (proxyReq: ClientRequest, request: Request) => {
          proxyReq.setHeader('x-site', siteFromHost(request.headers.host));
          proxyReq.setHeader('x-request-id', requestIdOf(request));
          if (request.ip) proxyReq.setHeader('x-forwarded-for', request.ip);
          proxyReq.setHeader('x-forwarded-proto', request.protocol);
          // Connection is hop-by-hop: a client's (or the ingress's) `close` is not the
          // gateway's to pass on, it would cost the kept socket. Upgrades keep theirs.
          if (!/upgrade/i.test(String(proxyReq.getHeader('connection') ?? '')))
            proxyReq.setHeader('connection', 'keep-alive');
          // Only for bodies parsed by someone before us (the gateway itself parses none).
          fixRequestBody(proxyReq, request);
        },
        // An upstream that breaks off half way through its answer: the client's answer breaks off
        // too (its socket closed), instead of waiting for an end that never comes; and an answer
        // cut short is never taken for a whole one (the response cache keeps only whole ones).
        proxyRes: (proxyRes: IncomingMessage, _request: IncomingMessage, response: ServerResponse) => {
          proxyRes.once('close', () => {
            if (!proxyRes.complete) response.destroy();
          });
        },
        error: (error: Error, request: IncomingMessage, response: ServerResponse | Socket) => {
          logger.warn(`${upstream.service} failed: ${(error as { code?: string }).code ?? error.message}`);
          if (!('writeHead' in response)) {
            response.destroy();
            return;
          }
          if (response.headersSent) {
            response.end();
            return;
          }
          sendError(request as Request, response as Response, 502, 'SERVICE_UNAVAILABLE', {
            service: upstream.service,
          });
        },
      },
    });
    proxies.set(upstream.prefix, proxy as unknown as RequestHandler);
  }

  return (request: Request, response: Response, next: NextFunction) => {
    const match = API_PATH.exec(request.originalUrl);
    if (!match) return next();
    const proxy = proxies.get(match[1]);
    if (!proxy) return sendError(request, response, 404, 'NOT_FOUND');
    const rest = match[2] || '/';
    setMetricsRoute(response, `/api/${match[1]}/*`);
    if (isInternalPath(rest)) return sendError(request, response, 404, 'NOT_FOUND');
    request.url = `${rest}${match[3] ?? ''}`;
    return proxy(request, response, next);
  };
}

function requestIdOf(request: Request): string {
  return currentContext()?.requestId ?? firstHeader(request.headers['x-request-id']) ?? randomUUID();
}

/**
 * The request's path as the client sent it. Nest mounts middleware with `app.use`, which
 * hides the mount path from `req.url`/`req.path`, so the gateway reads `originalUrl`.
 */
export function pathOf(request: Request): string {
  return request.originalUrl.split(/[?#]/)[0];
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
