import { randomUUID } from 'node:crypto';
import {
  Agent,
  type ClientRequest,
  request as httpRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { posix } from 'node:path';
import type { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { siteFromHost } from '@manzil/contracts';
import { currentContext, setMetricsRoute } from '@manzil/nest-kit/http';
import { clientOf, type Client } from './client.js';
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

/** One upstream, as the proxy reaches it, worked out once at boot. */
interface Target {
  upstream: Upstream;
  request: typeof httpRequest;
  hostname: string;
  port: number;
  /** The target's own path prefix ('' for `http://host:port`). */
  base: string;
  /** The Host header it is sent (what http-proxy's `changeOrigin` sent). */
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

/** The client's headers the gateway writes itself (or, for `connection`, leaves to its agent). */
const REPLACED = new Set([
  'host',
  'connection',
  'x-site',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-host',
]);
/**
 * The service's headers that describe its connection to the gateway, not the answer (RFC 9110
 * §7.6.1): the gateway's own server writes them for the client's connection. Passed on, a
 * service's `Keep-Alive: timeout=65` told clients the gateway kept their sockets 65 s (it keeps
 * them 5 s), and its chunked framing was the client's whatever its HTTP version.
 */
const HOP_BY_HOP_ANSWER = new Set(['connection', 'keep-alive', 'transfer-encoding']);
const UPGRADE = /upgrade/i;
const PORT_OF_HOST = /:(\d+)/;

/**
 * The headers sent to the service, as one flat [name, value, ...] list: Node writes such a list
 * as the request head at once, where an object costs a validated `setHeader` per header (issue
 * 13). The client's headers travel as they are (`language`, `timezoneOffset`, `authorization`,
 * ...) but for those the gateway owns: the site from the Host only (a client cannot choose it by
 * sending x-site), the request id of the context (the client's when it sent one), the one client
 * address the gateway settled on as X-Forwarded-For (`req.ip`, which believes the ingress only
 * when TRUST_PROXY covers it) and its scheme as X-Forwarded-Proto, so a service that trusts the
 * gateway reads the client there and nothing a client wrote before it. X-Forwarded-Port and
 * -Host as http-proxy's `xfwd` wrote them. `Connection: keep-alive`, whatever the client asked
 * of its own connection (hop-by-hop), but for an upgrade.
 */
function upstreamHeaders(request: Request, target: Target, client: Client): string[] {
  const incoming = request.headers;
  const headers: string[] = [];
  for (const name in incoming) {
    if (REPLACED.has(name)) continue;
    const value = incoming[name];
    if (typeof value === 'string') headers.push(name, value);
    else if (value !== undefined) for (const one of value) headers.push(name, one);
  }
  const host = incoming.host;
  const connection = incoming.connection;
  if (connection !== undefined && UPGRADE.test(connection)) headers.push('connection', connection);
  else headers.push('connection', 'keep-alive');
  if (client.ip) headers.push('x-forwarded-for', client.ip);
  const sentPort = incoming['x-forwarded-port'];
  const port = (host && PORT_OF_HOST.exec(host)?.[1]) ?? (client.protocol === 'https' ? '443' : '80');
  headers.push(
    'host',
    target.host,
    'x-site',
    siteFromHost(host),
    'x-request-id',
    requestIdOf(request),
    'x-forwarded-proto',
    client.protocol,
    'x-forwarded-port',
    sentPort ? `${firstHeader(sentPort)},${port}` : port,
    'x-forwarded-host',
    firstHeader(incoming['x-forwarded-host']) || host || '',
  );
  // A DELETE or OPTIONS without a length has no body (as http-proxy had it): not chunked.
  if (
    (request.method === 'DELETE' || request.method === 'OPTIONS') &&
    incoming['content-length'] === undefined
  ) {
    const chunked = headers.indexOf('transfer-encoding');
    if (chunked >= 0 && chunked % 2 === 0) headers.splice(chunked, 2);
    headers.push('content-length', '0');
  }
  return headers;
}

/** No body follows the head: neither a length nor a chunked framing was sent. */
function bodiless(request: Request): boolean {
  return (
    request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined
  );
}

/**
 * Forwards one request to its service with a `node:http` request on the upstream's keep-alive
 * agent, the body streamed through (never parsed: uploads included) and the answer streamed
 * back as it comes (the live price feed's SSE included). A request without a body is ended at
 * once, and the answer's last byte of a known length ends the client's response, so the head
 * and a small body leave in one write each way (gateway README, "Performance").
 *
 * - no byte within `timeoutMs` of socket inactivity, a refused or reset connection → 502
 *   `SERVICE_UNAVAILABLE` in the request's language; once the answer has started, the client's
 *   message is ended instead;
 * - the client going away (a closed SSE stream, a cancelled upload) destroys the upstream
 *   request, so the service sees its stream close; that is not logged as the service failing.
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
    path: target.base + path,
    headers: upstreamHeaders(request, target, clientOf(request)) as unknown as OutgoingHttpHeaders,
    agent: target.agent,
    timeout: timeoutMs,
  });
  let failed = false;
  const fail = (error: Error) => {
    if (failed) return;
    failed = true;
    upstream.destroy();
    if (response.writableEnded || response.destroyed) return;
    logger.warn(`${target.upstream.service} failed: ${(error as { code?: string }).code ?? error.message}`);
    if (response.headersSent) {
      // The answer had begun: its client's is broken off too (socket closed) rather than ended,
      // so no client (and not the response cache) takes what came for a whole answer, and none
      // waits for the rest of a length that will never come.
      response.destroy();
      return;
    }
    sendError(request, response, 502, 'SERVICE_UNAVAILABLE', { service: target.upstream.service });
  };
  upstream.on('timeout', () => fail(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  upstream.on('error', fail);
  response.on('close', () => {
    // Gone before its answer ended: the service's request goes too (its stream closes).
    if (response.writableFinished) return;
    failed = true;
    upstream.destroy();
  });
  upstream.on('response', (answer: IncomingMessage) => relay(answer, response, fail));
  if (bodiless(request)) upstream.end();
  else send(request, upstream, fail);
}

/**
 * A message's body from `from` to `to` as it arrives, with backpressure (a slow reader pauses
 * the writer). Its last byte of a known `length` (-1: unknown) ends `to` with that byte, so a
 * small body leaves with its head in one write, where a pipe wrote the head and body, then ended.
 */
function stream(from: IncomingMessage, to: Writable, length: number, fail: (error: Error) => void): void {
  let received = 0;
  const resume = () => from.resume();
  from.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received === length) to.end(chunk);
    else if (!to.write(chunk)) {
      from.pause();
      to.once('drain', resume);
    }
  });
  from.on('end', () => {
    if (!to.writableEnded) to.end();
  });
  from.on('error', fail);
}

const lengthOf = (value: string | undefined) => (value === undefined ? -1 : Number(value));

/** The request's body to the service (a slow service pauses the client's upload); a bid's body leaves with its head. */
function send(request: Request, upstream: ClientRequest, fail: (error: Error) => void): void {
  stream(request, upstream, lengthOf(request.headers['content-length']), fail);
}

/**
 * The service's status and headers over the gateway's own where both set one (as http-proxy
 * did), then its body, with backpressure: a slow client pauses the service's answer.
 */
function relay(answer: IncomingMessage, response: Response, fail: (error: Error) => void): void {
  response.statusCode = answer.statusCode ?? 502;
  if (answer.statusMessage) response.statusMessage = answer.statusMessage;
  const headers = answer.headers;
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP_ANSWER.has(name)) response.setHeader(name, value);
  }
  stream(answer, response, lengthOf(headers['content-length']), fail);
  // The service's socket closed before its answer was complete (it died half way).
  answer.once('close', () => {
    if (!answer.complete) fail(Object.assign(new Error('answer cut short'), { code: 'ECONNRESET' }));
  });
}

/**
 * `/api/<service>/rest?query` → `<service target>/rest?query` (`forward` above), `//` in the
 * path read as `/` (as http-proxy joined it).
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
    const path = rest.includes('//') ? rest.replace(/\/+/g, '/') : rest;
    forward(request, response, target, path + (match[3] ?? ''), timeoutMs, logger);
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

/**
 * A request the proxy answers whatever it is (`api-route.ts`): `/api/<service>...` with a
 * service the gateway knows. Unknown services go the Express way (their 404 is rare).
 */
export function isProxiedPath(url: string, prefixes: ReadonlySet<string>): boolean {
  if (!url.startsWith('/api/')) return false;
  const match = API_PATH.exec(url);
  return match !== null && prefixes.has(match[1]);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
