import type { ServerResponse } from 'node:http';
import type { Request } from 'express';
import { errorMessage, type ApiEnvelope, type ErrorCode, type Language } from '@manzil/contracts';
import { currentContext } from '@manzil/nest-kit/http';

/** The request's language: from the context when the kit's middleware ran, else the header. */
export function languageOf(request: Request): Language {
  return currentContext()?.language ?? (request.headers['language'] === 'ar' ? 'ar' : 'en');
}

/**
 * An error answered by the gateway itself, in the same envelope the services use. Written with
 * Node's own response methods, not Express's `res.json`: the proxied requests' responses are
 * not Express's (`api-route.ts`).
 */
export function sendError(
  request: Request,
  response: ServerResponse,
  status: number,
  code: ErrorCode,
  extra: Record<string, unknown> = {},
): void {
  const body: ApiEnvelope<Record<string, unknown>> = {
    status,
    success: false,
    message: errorMessage(code, languageOf(request)),
    results: { code, ...extra },
  };
  const json = JSON.stringify(body);
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(json));
  response.end(json);
}
