import type { ZodType } from 'zod';
import type { ApiEnvelope, Language } from '@manzil/contracts';
import { refreshSession } from '../session/refresh.js';
import { clearSession, readRefreshToken, readToken } from '../session/session.js';

/** Status codes that end the session (spec §4, §8; DESIGN rule 4). */
const SESSION_ENDING_STATUSES = new Set([401, 403, 409]);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The envelope's `results` (e.g. `{ fields }` of a 422, the unverified account of a login 403). */
    readonly results: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The browser's offset from UTC as the services expect it: `+04:00`, `-05:30`. */
export function timezoneOffset(date: Date = new Date()): string {
  const minutesEast = -date.getTimezoneOffset();
  const sign = minutesEast >= 0 ? '+' : '-';
  const abs = Math.abs(minutesEast);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export interface ApiFetchOptions<T> {
  language: Language;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** JSON, or a FormData sent as multipart (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates `results`, so a drift between a service and its contract fails loudly. */
  results?: ZodType<T>;
  /**
   * false for the sign-in calls and the refresh itself: their 401/403 are answers (wrong
   * password, unverified mobile), not an ended session. Default true.
   */
  endsSession?: boolean;
}

function withQuery(path: string, query: ApiFetchOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The request under every API call: same-origin `/api/...`, headers `language`, `timezoneOffset`
 * and the bearer token when there is one. A 401 with a refresh token stored refreshes once and
 * retries; then a 401/403/409 ends the session and goes to /login. Resolves with the response.
 */
async function authorizedFetch(
  path: string,
  options: Omit<ApiFetchOptions<unknown>, 'results'> & { accept: string },
): Promise<Response> {
  const endsSession = options.endsSession !== false;
  const send = () => {
    const token = readToken();
    const headers: Record<string, string> = {
      accept: options.accept,
      language: options.language,
      timezoneOffset: timezoneOffset(),
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const multipart = typeof FormData !== 'undefined' && options.body instanceof FormData;
    if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json';
    return fetch(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : multipart
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  };

  let response = await send();
  // An expired access token: trade the refresh token once, then try again.
  if (
    response.status === 401 &&
    endsSession &&
    readRefreshToken() &&
    (await refreshSession(options.language))
  ) {
    response = await send();
  }

  if (endsSession && SESSION_ENDING_STATUSES.has(response.status)) {
    clearSession();
    if (window.location.pathname !== '/login') window.location.assign('/login');
    throw new ApiError(response.status, 'Session ended');
  }
  return response;
}

/** The one way the frontends call the API for JSON: `authorizedFetch`, then the envelope checked. */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T>): Promise<ApiEnvelope<T>> {
  const response = await authorizedFetch(path, { ...options, accept: 'application/json' });
  const envelope = (await response.json().catch(() => null)) as ApiEnvelope<unknown> | null;
  if (!response.ok || !envelope || envelope.success === false) {
    throw new ApiError(response.status, envelope?.message ?? response.statusText, envelope?.results ?? null);
  }
  const results = options.results ? options.results.parse(envelope.results) : (envelope.results as T);
  return { ...envelope, results };
}

/**
 * A file the API serves only to a signed-in caller (a listing's document for its owner or the
 * site's admins): fetched with the token, as a Blob. A refusal is an `ApiError` with the
 * envelope's message.
 */
export async function apiFile(
  path: string,
  options: { language: Language; signal?: AbortSignal },
): Promise<Blob> {
  const response = await authorizedFetch(path, { ...options, accept: '*/*' });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as ApiEnvelope<unknown> | null;
    throw new ApiError(response.status, envelope?.message ?? response.statusText, envelope?.results ?? null);
  }
  return response.blob();
}
