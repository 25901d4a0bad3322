import type { ErrorCode, FieldError } from '@manzil/contracts';

const DEFAULT_STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 422,
  NOT_FOUND: 404,
  NO_DATA_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SESSION_CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  SITE_MISMATCH: 403,
};

/**
 * The one exception type of our code: a code from `contracts/errors.ts`, an HTTP status
 * and, for validation, the fields. The filter turns it into the envelope in the request's
 * language. 409 is reserved for a session conflict (the client logs out on it).
 */
export class AppException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    readonly fields?: FieldError[],
  ) {
    super(code);
    this.status = status ?? DEFAULT_STATUS[code] ?? 400;
  }
}
