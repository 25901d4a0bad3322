import type { NextFunction, Request, Response } from 'express';

/**
 * The shell and the remotes all load from this origin, so 'self' is enough for scripts.
 * Styles also allow 'unsafe-inline': style-loader (used by the remotes) injects <style>
 * tags and React sets style attributes. Images allow data: and blob: (previews of photos
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

/** Set on every response, proxied or static. HSTS only over https (never teach a browser to refuse http://localhost). */
export function securityHeaders(request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(self)');
  if (request.secure) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  next();
}
