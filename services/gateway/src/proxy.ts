import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { posix } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { siteFromHost } from '@manzil/contracts';
import { currentContext, setMetricsRoute } from '@manzil/nest-kit';
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
 * One keep-alive agent per upstream. Without one every proxied request would open a new TCP
 * connection (a connect, and a socket in TIME_WAIT, per API call). Idle sockets are dropped
 * after 4 s, under Node's 5 s server keep-alive (and Node's agent also follows the
 * `Keep-Alive: timeout=` hint the service sends), so the gateway does not reuse a socket the
 * service is closing. No cap on sockets: the gateway queues nothing the service could take.
 * Destroyed at shutdown so no idle socket keeps the process (or a service's close) waiting.
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
 * Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, not the message, so
 * neither the client's reach the service nor the service's reach the client; each side's
 * Node server and agent write their own. A body's framing (`transfer-encoding`,
 * `content-length`) is end to end and travels.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'upgrade']);

/** One upstream, as the proxy reaches it. */
interface Target {
  upstream: Upstream;
  request: typeof httpRequest;
  hostname: string;
  port: number;
  /** The target's own path prefix ('' for `http://host:port`). */
  base: string;
  /** The Host header it is sent (`changeOrigin`). */
  host: string;
  agent: Agent;
}

function targetOf(upstream: Upstream, agents: UpstreamAgents): Target {
  const url = new URL(upstream.target);
  const https = url.protocol === 'https:';
  return {
    upstream,
    request: https ? httpsRequest : httpRequest,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port) || (https ? 443 : 80),
    base: url.pathname.replace(/\/+$/, ''),
    host: url.host,
    agent: agents.for(upstream.target),
  };
}

/**
 * The headers sent to the service: the client's, without the hop-by-hop ones, and those the
 * gateway owns. The site comes from the Host only (a client cannot choose it by sending
 * x-site); the request id is kept when the client sent one so a request can be followed end to
 * end. X-Forwarded-For is the one client address the gateway settled on (`req.ip`, which
 * believes the ingress only when TRUST_PROXY covers it), so a service that trusts the gateway
 * reads the client there, and nothing a client wrote before it; X-Forwarded-Proto likewise.
 */
function upstreamHeaders(request: Request, target: Target): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  const incoming = request.headers;
  for (const name in incoming) if (!HOP_BY_HOP.has(name)) headers[name] = incoming[name];
  headers.host = target.host;
  headers['x-site'] = siteFromHost(incoming.host);
  headers['x-request-id'] = requestIdOf(request);
  if (request.ip) headers['x-forwarded-for'] = request.ip;
  else delete headers['x-forwarded-for'];
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = firstHeader(incoming['x-forwarded-host']) ?? incoming.host;
  // The gateway keeps its sockets to the service, whatever the client asked of its own.
  headers.connection = 'keep-alive';
  // A DELETE or OPTIONS without a length has no body (as http-proxy did): not chunked.
  if (
    (request.method === 'DELETE' || request.method === 'OPTIONS') &&
    incoming['content-length'] === undefined
  ) {
    headers['content-length'] = '0';
    delete headers['transfer-encoding'];
  }
  return headers;
}

/**
 * Forwards one request to its service with a plain `node:http` request on the upstream's
 * keep-alive agent, the body streamed through (never parsed: uploads included) and the answer
 * streamed back as it comes (the live price feed's SSE included). Before issue 13's
 * measurements this was http-proxy-middleware over http-proxy: a plugin layer, an event
 * emitter per request, passes over every header of both messages; the same work here is one
 * header copy each way (gateway README, "Performance").
 *
 * - no answer (no byte) within `timeoutMs` of socket inactivity, a refused or reset
 *   connection → 502 `SERVICE_UNAVAILABLE` in the request's language; once the answer has
 *   started, the client's message is ended instead;
 * - the client going away (a closed SSE stream, a cancelled upload) destroys the upstream
 *   request, so the service sees its stream close.
 */
function forward(
  request: Request,
  response: Response,
  target: Target,
  path: string,
  timeoutMs: number,
  logger: Logger,
): void {
  const upstream = target.request({
    hostname: target.hostname,
    port: target.port,
    method: request.method,
    path: `${target.base}${path}`,
    headers: upstreamHeaders(request, target),
    agent: target.agent,
  });
  let failed = false;
  let gone = false;
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    upstream.destroy();
    if (gone || response.writableEnded || response.destroyed) return;
    logger.warn(`${target.upstream.service} failed: ${(error as { code?: string }).code ?? error.message}`);
    if (response.headersSent) {
      response.end();
      return;
    }
    sendError(request, response, 502, 'SERVICE_UNAVAILABLE', { service: target.upstream.service });
  };
  upstream.setTimeout(timeoutMs, () => fail(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  upstream.on('error', fail);
  request.on('error', fail);
  response.on('close', () => {
    // Gone before its answer ended: the service's request goes too (its stream closes).
    if (response.writableFinished) return;
    gone = true;
    upstream.destroy();
  });
  upstream.on('response', (answer: IncomingMessage) => {
    if (response.headersSent) {
      answer.resume();
      return;
    }
    response.statusCode = answer.statusCode ?? 502;
    if (answer.statusMessage) response.statusMessage = answer.statusMessage;
    // The service's headers over the gateway's own where both set one (as http-proxy did).
    const headers = answer.headers;
    for (const name in headers) {
      const value = headers[name];
      if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'transfer-encoding')
        response.setHeader(name, value);
    }
    answer.on('error', fail);
    answer.pipe(response);
  });
  request.pipe(upstream);
}

/**
 * `/api/<service>/rest?query` → `<service target>/rest?query` (`forward` above).
 * All other client headers travel as they are, among them `language`, `timezoneOffset`
 * and `authorization`.
 */
export function apiProxy(
  table: Map<string, Upstream>,
  timeoutMs: number,
  agents: UpstreamAgents,
): RequestHandler {
  const logger = new Logger('proxy');
  const targets = new Map<string, Target>();
  for (const upstream of table.values()) targets.set(upstream.prefix, targetOf(upstream, agents));

  return (request: Request, response: Response, next: NextFunction) => {
    const match = API_PATH.exec(request.originalUrl);
    if (!match) return next();
    const target = targets.get(match[1]);
    if (!target) return sendError(request, response, 404, 'NOT_FOUND');
    const rest = match[2] || '/';
    setMetricsRoute(response, `/api/${match[1]}/*`);
    if (isInternalPath(rest)) return sendError(request, response, 404, 'NOT_FOUND');
    forward(request, response, target, `${rest}${match[3] ?? ''}`, timeoutMs, logger);
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
