import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  errorMessage,
  type ApiEnvelope,
  type ErrorCode,
  type FieldError,
  type Language,
} from '@manzil/contracts';
import { AppException } from './app.exception.js';
import { currentContext } from './context.js';

const HTTP_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'SESSION_CONFLICT',
  429: 'RATE_LIMITED',
};

/**
 * Postgres cancelled the statement (its `statement_timeout`, SQLSTATE 57014 on pg's error and on
 * TypeORM's QueryFailedError that copies it): the service is overloaded, not broken.
 */
function isStatementTimeout(exception: unknown): boolean {
  const error = exception as { code?: unknown; driverError?: { code?: unknown } } | null;
  return error?.code === '57014' || error?.driverError?.code === '57014';
}
/** Seconds a client is told to wait before it asks again after a cancelled statement. */
const RETRY_AFTER_SECONDS = 5;

function languageOf(request: Request): Language {
  return currentContext()?.language ?? (request.headers['language'] === 'ar' ? 'ar' : 'en');
}

/** Every error leaves as the envelope, with its message in the request's language. */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const language = languageOf(request);
    let status = 500;
    let code: ErrorCode = 'SOMETHING_WENT_WRONG';
    let fields: FieldError[] | undefined;
    let details: Record<string, unknown> | undefined;

    if (exception instanceof AppException) {
      ({ status, code, fields, details } = exception);
    } else if (exception instanceof HttpException) {
      status = exception.getStatus();
      code = HTTP_CODES[status] ?? (status >= 500 ? 'SOMETHING_WENT_WRONG' : 'VALIDATION_FAILED');
      // A body that is not JSON, or too large, is the client's mistake: say so plainly.
      if (status === 413 || status === 400) code = 'VALIDATION_FAILED';
    }
    const timedOut = !(exception instanceof HttpException) && isStatementTimeout(exception);
    if (timedOut) {
      status = 503;
      code = 'SERVICE_UNAVAILABLE';
      response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      this.logger.warn({ requestId: currentContext()?.requestId }, 'statement timeout: answered 503');
    }
    if (status >= 500 && !timedOut) {
      this.logger.error({ err: exception, requestId: currentContext()?.requestId }, 'request failed');
    }
    const body: ApiEnvelope<{ code: ErrorCode; fields?: FieldError[] }> = {
      status,
      success: false,
      message: errorMessage(code, language),
      results: { code, ...(fields ? { fields } : {}), ...details },
    };
    response.status(status).json(body);
  }
}
