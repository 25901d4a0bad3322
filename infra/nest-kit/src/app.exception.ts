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
 * language. 409 is reserved for a session conflict (the client logs out on it). `details`
 * go into the envelope's `results` beside `code` and `fields`, for a refusal whose client
 * needs more than the reason (a bid too low carries the auction's price, so the bidder
 * need not read the auction again); their shape is the endpoint's contract.
 */
export class AppException extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    status?: number,
    readonly fields?: FieldError[],
    readonly details?: Record<string, unknown> & { code?: never; fields?: never },
  ) {
    super(code);
    this.status = status ?? DEFAULT_STATUS[code] ?? 400;
  }
}
