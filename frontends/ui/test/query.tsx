import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/** A client per test: no retries (a failure shows at once), nothing shared between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Wraps a tree in one test client, the way the shell wraps the page and every remote. */
export function WithQueryClient({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** A response of one of our services as `fetch` gives it: the envelope with `results`. */
export function envelopeResponse(status: number, results: unknown, message = 'OK'): Response {
  return {
    status,
    ok: status < 400,
    statusText: String(status),
    json: async () => ({ status, success: status < 400, message, results }),
  } as Response;
}
