import type { NextFunction, Request, Response } from 'express';
import { clientOf } from './client.js';

/**
 * The shell and the remotes all load from this origin, so 'self' is enough for scripts.
 * Styles also allow 'unsafe-inline': the first paint's <style> in index.html, style-loader's
 * <style> tags in a development build (production links .css files) and React's style
 * attributes. Images allow data: and blob: (previews of photos
 * being uploaded). Nothing may frame the site; when the proposal pages (spec §2
 * /properties-proposal/:id ...) have to be embedded, they get their own frame-ancestors.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The policy with the map's tile server (`MAP_TILE_URL`) allowed as an image source. */
export function contentSecurityPolicy(tileUrl?: string): string {
  if (!tileUrl) return CONTENT_SECURITY_POLICY;
  // `{s}` subdomains of a tile URL template become a wildcard host.
  const origin = new URL(tileUrl.replace(/\{s\}\./, 'x.').split('{')[0]).origin;
  const source = tileUrl.includes('{s}.') ? origin.replace('//x.', '//*.') : origin;
  return CONTENT_SECURITY_POLICY.replace(
    "img-src 'self' data: blob:",
    `img-src 'self' data: blob: ${source}`,
  );
}

/** Set on every response, proxied or static. HSTS only over https (never teach a browser to refuse http://localhost). */
export function securityHeaders(tileUrl?: string) {
  const policy = contentSecurityPolicy(tileUrl);
  return (request: Request, response: Response, next: NextFunction): void => {
    setSecurityHeaders(request, response, policy);
    next();
  };
}

function setSecurityHeaders(request: Request, response: Response, policy: string): void {
  response.setHeader('Content-Security-Policy', policy);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
  if (clientOf(request).protocol === 'https')
    response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
