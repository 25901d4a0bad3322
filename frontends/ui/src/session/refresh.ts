import { IDENTITY_API, SERVICES, loginResultsSchema, type Language } from '@manzil/contracts';
import { apiFetch } from '../api/api-fetch.js';
import { readRefreshToken, storeSession } from './session.js';

/** The identity service behind the gateway: `/api/identity` + an `IDENTITY_API` path. */
export function identityPath(path: string): string {
  return `/api/${SERVICES.identity.prefix}${path}`;
}

let inFlight: Promise<boolean> | null = null;

/**
 * Trades the stored refresh token for a new pair (the refresh token rotates). Concurrent
 * callers share one request, since reusing an old refresh token revokes the whole family.
 * Resolves false when there is nothing to refresh or the service says no.
 */
export function refreshSession(language: Language): Promise<boolean> {
  const refreshToken = readRefreshToken();
  if (!refreshToken) return Promise.resolve(false);
  inFlight ??= apiFetch(identityPath(IDENTITY_API.refresh), {
    language,
    method: 'POST',
    body: { refresh_token: refreshToken },
    results: loginResultsSchema,
    endsSession: false,
  })
    .then((envelope) => {
      storeSession(envelope.results);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
