import type { NextFunction, Request, RequestHandler, Response } from 'express';

const ALLOWED_HEADERS = 'authorization, content-type, language, timezoneoffset, x-request-id';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CORS for an allow-list of origins. Each site is its own origin, so browsers of the
 * product never need CORS; the list is for tools and the other site's pages. An origin not
 * on the list gets no CORS headers at all (the browser then blocks the call), and its
 * preflight is answered without them.
 */
export function cors(originsSetting: string): RequestHandler {
  const allowed = new Set(
    originsSetting
      .split(',')
      .map((origin) => origin.trim().replace(/\/$/, ''))
      .filter(Boolean),
  );
  return (request: Request, response: Response, next: NextFunction) => {
    const origin = request.headers.origin;
    // Node's own methods, not Express's (`res.append`, `res.status`): proxied requests' responses
    // are not Express's (`api-route.ts`). Nothing before this sets Vary.
    response.setHeader('Vary', 'Origin');
    const permitted = origin !== undefined && allowed.has(origin);
    if (permitted) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Access-Control-Allow-Credentials', 'true');
      response.setHeader('Access-Control-Expose-Headers', 'x-request-id, retry-after');
    }
    const preflight =
      request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight) return next();
    if (permitted) {
      response.setHeader('Access-Control-Allow-Methods', ALLOWED_METHODS);
      response.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      response.setHeader('Access-Control-Max-Age', '600');
    }
    response.statusCode = 204;
    response.end();
  };
}
