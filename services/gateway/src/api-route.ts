import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ArgumentsHost } from '@nestjs/common';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { EnvelopeExceptionFilter } from '@manzil/nest-kit/http';
import { settleClient } from './client.js';
import { isProxiedPath } from './proxy.js';

/**
 * The chain a proxied request runs, given by the gateway's module once the application is
 * initialised (it owns the rate limiter and the upstream agents).
 */
export class ApiRoute {
  handler?: RequestHandler;
  /** The services' path prefixes (`/api/<prefix>/...`). */
  prefixes: ReadonlySet<string> = new Set();
}

/**
 * Proxied requests (`/api/<known service>/...`) run the same chain as through Nest and Express
 * (the kit's request context, metrics and bad-input check, then the gateway's security headers,
 * CORS, rate limit and proxy), called straight from Node's `request` event rather than by
 * Express's router; everything else (pages, files, sitemaps, the gateway's own routes) goes to
 * Express as before.
 *
 * Why (issue 13): Express dresses every request and response by switching their prototypes
 * (`Object.setPrototypeOf`), after which Node's own HTTP code runs slower on them, and walks its
 * router and Nest's wrappers around each layer. Measured with a bare node:http proxy as
 * upstream's floor, the same request cost twice the CPU with Express in front of it (gateway
 * README, "Performance"). The chain's parts use Node's response methods (`setHeader`, `end`), so
 * they run the same on either path; the rare error the kit's filter answers (bad input) dresses
 * the request first, as the filter answers with Express's `res.json`.
 */
export function routeProxiedRequests(server: Server, app: Express, route: ApiRoute): void {
  const express = server.listeners('request')[0] as (
    request: IncomingMessage,
    response: ServerResponse,
  ) => void;
  const filter = new EnvelopeExceptionFilter();
  server.removeAllListeners('request');
  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const handler = route.handler;
    if (!handler || !isProxiedPath(incoming.url ?? '', route.prefixes)) return express(incoming, outgoing);
    const request = incoming as Request;
    const response = outgoing as Response;
    request.originalUrl = incoming.url ?? '/';
    response.locals = {};
    settleClient(request, app);
    handler(request, response, ((error?: unknown) => {
      dress(app, request, response);
      filter.catch(error ?? new Error('proxied request not answered'), hostOf(request, response));
    }) as NextFunction);
  });
}

/** What Express's `app.handle` does to a request before its router sees it. */
function dress(app: Express, request: Request, response: Response): void {
  if (Object.getPrototypeOf(request) === app.request) return;
  request.res = response;
  response.req = request;
  Object.setPrototypeOf(request, app.request);
  Object.setPrototypeOf(response, app.response);
}

function hostOf(request: Request, response: Response): ArgumentsHost {
  const http = { getRequest: () => request, getResponse: () => response, getNext: () => undefined };
  return { switchToHttp: () => http } as unknown as ArgumentsHost;
}
