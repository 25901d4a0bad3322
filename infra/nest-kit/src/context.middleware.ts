import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { SITES, siteFromHost, type Language, type Site } from '@manzil/contracts';
import type { Logger } from 'pino';
import { parseTimezoneOffset, runWithContext, type RequestContext } from './context.js';

let requestLogger: Logger | undefined;
/** The server sets it; tests leave it unset and stay quiet. */
export function setRequestLogger(logger: Logger): void {
  requestLogger = logger;
}

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const KNOWN_SITES: ReadonlySet<string> = new Set(SITES);

/**
 * Builds the request context: the request id (kept from the gateway's `x-request-id`), the
 * site (`x-site` set by the gateway, else the Host), the language header and the time zone.
 */
export function requestContextMiddleware(request: Request, response: Response, next: NextFunction): void {
  const requestId = header(request, 'x-request-id') ?? randomUUID();
  // A set, not the zod schema: this runs for every request of every service (issue 13).
  const sent = header(request, 'x-site');
  const site: Site =
    sent !== undefined && KNOWN_SITES.has(sent) ? (sent as Site) : siteFromHost(header(request, 'host'));
  const language: Language = header(request, 'language') === 'ar' ? 'ar' : 'en';
  const context: RequestContext = {
    requestId,
    site,
    language,
    timezoneOffsetMinutes: parseTimezoneOffset(header(request, 'timezoneoffset')),
  };
  response.setHeader('x-request-id', requestId);
  const started = process.hrtime.bigint();
  response.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    requestLogger?.info(
      { requestId, site, method: request.method, url: request.originalUrl, status: response.statusCode, ms },
      'request',
    );
  });
  runWithContext(context, () => next());
}
