import type { Request } from 'express';

/** What the gateway settled on about the client of a request. */
export interface Client {
  /** Express's `req.ip`: the address TRUST_PROXY lets it believe. */
  ip: string | undefined;
  /** Express's `req.protocol`: `https` only directly over TLS or from a trusted proxy saying so. */
  protocol: string;
}

const CLIENT = Symbol('client');

/**
 * `req.ip` and `req.protocol`, worked out once per request: each is an Express getter that walks
 * X-Forwarded-For through the trust function (parsing addresses with ipaddr.js) every time it is
 * read, and the security headers, the rate limit and the proxy each read them (issue 13).
 */
export function clientOf(request: Request): Client {
  const known = (request as Request & { [CLIENT]?: Client })[CLIENT];
  if (known) return known;
  const client: Client = { ip: request.ip, protocol: request.protocol };
  (request as Request & { [CLIENT]?: Client })[CLIENT] = client;
  return client;
}
