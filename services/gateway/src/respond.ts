import type { Request, Response } from 'express';
import { errorMessage, type ApiEnvelope, type ErrorCode, type Language } from '@manzil/contracts';
import { currentContext } from '@manzil/nest-kit/http';

/** The request's language: from the context when the kit's middleware ran, else the header. */
export function languageOf(request: Request): Language {
  return currentContext()?.language ?? (request.headers['language'] === 'ar' ? 'ar' : 'en');
}

/** An error answered by the gateway itself, in the same envelope the services use. */
export function sendError(
  request: Request,
  response: Response,
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
  response.status(status).json(body);
}
