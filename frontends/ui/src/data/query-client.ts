import { QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api/api-fetch.js';

/** How long a read counts as fresh: moving between pages within it asks nothing again. */
export const FRESH_MS = 30_000;
/** How long an unused read is kept: going back to a page within it shows it at once. */
export const KEPT_MS = 10 * 60_000;

/**
 * A 4xx is an answer (not found, not allowed, invalid), asking again gives the same one; a
 * network failure or a 5xx is tried once more.
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The one QueryClient of the page. The shell creates it and provides it around the routes
 * and every remote's outlet; `@tanstack/react-query` is a federation singleton, so a remote's
 * `useQuery` reads and writes this client's cache (one request for a read two parts share).
 *
 * Focus refetching is off by default and turned on by the reads that go stale while the tab
 * is hidden (the bell, the profile); a failed read is logged here, and shown by its screen.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.warn(`query ${JSON.stringify(query.queryKey)} failed`, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: FRESH_MS,
        gcTime: KEPT_MS,
        retry: retryOnce,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * After a write: the reads under `queryKey` asked again, of the server as the write left it.
 * A read already under way may have been answered before the write committed (the visitor
 * changed a filter while it ran), and TanStack's invalidation joins the first fetch of a query
 * that has no data yet instead of asking again: so the reads under way are cancelled first.
 */
export async function refetchAfterWrite(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
