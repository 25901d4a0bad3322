import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import type { ApiEnvelope } from '@manzil/contracts';

const ENVELOPED = Symbol('enveloped');

/** What a handler returns when it wants its own message (already in the request's language). */
export function withMessage<T>(
  results: T,
  message: string,
): { [ENVELOPED]: true; results: T; message: string } {
  return { [ENVELOPED]: true, results, message };
}

function isEnveloped(value: unknown): value is { results: unknown; message: string } {
  return typeof value === 'object' && value !== null && ENVELOPED in value;
}

/** Wraps whatever a handler returns into `{ status, success, message, results }`. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((value): ApiEnvelope<unknown> | unknown => {
        if (response.headersSent) return value;
        const status = response.statusCode;
        if (isEnveloped(value))
          return { status, success: true, message: value.message, results: value.results };
        return { status, success: true, message: 'OK', results: value ?? null };
      }),
    );
  }
}
