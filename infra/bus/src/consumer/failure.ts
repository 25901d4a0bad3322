/**
 * Tells an infrastructure failure (the database, Redis, the broker or another server cannot be
 * reached or is overloaded) from a handler failure (a bug, an invalid payload, a broken rule).
 * The first says nothing about the event: retrying it later will work, so it must not cost the
 * event an attempt, and every other event would fail the same way, so consumption pauses. The
 * second is about this event: it goes the retry → dead-letter path.
 */

/** Throw this from a handler for an outage our rules cannot recognise (an HTTP 503 of some API, say). */
export class InfrastructureUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InfrastructureUnavailableError';
  }
}

/** Socket-level failures (node, pg, ioredis, kafkajs and fetch all surface these codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Postgres SQLSTATEs that are about the server, not the statement: connection exceptions
 * (class 08), shutdown and startup (57P01-57P03), insufficient resources (class 53), a
 * statement or lock timeout (57014, 55P03: the database is too busy right now), and the
 * conflicts Postgres asks us to retry (40001 serialization, 40P01 deadlock).
 */
function isTransientSqlState(code: string): boolean {
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    ['57P01', '57P02', '57P03', '57014', '55P03', '40001', '40P01'].includes(code)
  );
}

/** Error names of the clients we use for outages that carry no code. */
const UNAVAILABLE_NAMES = new Set([
  'InfrastructureUnavailableError',
  'MaxRetriesPerRequestError', // ioredis: Redis unreachable for the whole retry budget
  'KafkaJSConnectionError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSBrokerNotFound',
  'ConnectionError', // @opensearch-project/opensearch
  'TimeoutError',
  'NoLivingConnectionsError',
]);

/** Messages of pg and ioredis for a lost connection, which come without a code. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /connection is closed/i,
  /stream isn't writeable/i,
  /^(LOADING|READONLY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN)\b/,
];

const UNAVAILABLE_HTTP_STATUSES = new Set([429, 502, 503, 504]);

export function isInfrastructureError(error: unknown): boolean {
  return visit(error, 0);
}

function visit(error: unknown, depth: number): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const e = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    statusCode?: unknown;
    meta?: { statusCode?: unknown };
    cause?: unknown;
    driverError?: unknown;
    errors?: unknown;
  };
  if (
    typeof e.code === 'string' &&
    (NETWORK_CODES.has(e.code) || (isSqlState(e.code) && isTransientSqlState(e.code)))
  )
    return true;
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (
    typeof e.message === 'string' &&
    UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))
  )
    return true;
  const status = e.statusCode ?? e.meta?.statusCode;
  if (typeof status === 'number' && UNAVAILABLE_HTTP_STATUSES.has(status)) return true;
  // TypeORM wraps the pg error (driverError); fetch and others chain it (cause); a connection
  // to a name with several addresses fails with an AggregateError of each attempt (errors).
  if (visit(e.driverError, depth + 1) || visit(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((inner) => visit(inner, depth + 1));
}

function isSqlState(code: string): boolean {
  return /^[0-9A-Z]{5}$/.test(code);
}
