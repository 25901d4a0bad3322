import type { Socket } from 'node:net';
import type { Express, Request } from 'express';

/** What the gateway settled on about the client of a request. */
export interface Client {
  /** Express's `req.ip`: the address TRUST_PROXY lets it believe. */
  ip: string | undefined;
  /** Express's `req.protocol`: `https` only directly over TLS or from a trusted proxy saying so. */
  protocol: string;
}

const CLIENT = Symbol('client');

interface Settled {
  forwardedFor: string | string[] | undefined;
  forwardedProto: string | string[] | undefined;
  client: Client;
}

type WithClient<T> = T & { [CLIENT]?: Client };
type WithSettled = Socket & { [CLIENT]?: Settled };

/**
 * `req.ip` and `req.protocol`, worked out once per request: each is an Express getter that walks
 * X-Forwarded-For through the trust function (parsing addresses with ipaddr.js) every time it is
 * read, and the security headers, the rate limit and the proxy each read them (issue 13).
 */
export function clientOf(request: Request): Client {
  const known = (request as WithClient<Request>)[CLIENT];
  if (known) return known;
  const client: Client = { ip: request.ip, protocol: request.protocol };
  (request as WithClient<Request>)[CLIENT] = client;
  return client;
}

/**
 * The same for a request Express has not dressed (`api-route.ts`): Express's own `ip` and
 * `protocol` getters, run on a view of the request that has what they read (the app's trust
 * setting, the headers, the socket). Kept on the socket while X-Forwarded-For and -Proto stay
 * the same: a kept-alive connection's requests mostly come from one client (the ingress's carry
 * each its own header, and are worked out again).
 */
export function settleClient(request: Request, app: Express): void {
  const headers = request.headers;
  const forwardedFor = headers['x-forwarded-for'];
  const forwardedProto = headers['x-forwarded-proto'];
  const socket = request.socket as WithSettled;
  const settled = socket[CLIENT];
  if (settled && settled.forwardedFor === forwardedFor && settled.forwardedProto === forwardedProto) {
    (request as WithClient<Request>)[CLIENT] = settled.client;
    return;
  }
  const view = Object.create(app.request, {
    headers: { value: headers },
    socket: { value: socket },
    connection: { value: socket },
  }) as Request;
  const client: Client = { ip: view.ip, protocol: view.protocol };
  socket[CLIENT] = { forwardedFor, forwardedProto, client };
  (request as WithClient<Request>)[CLIENT] = client;
}
