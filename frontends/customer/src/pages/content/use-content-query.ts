import { useCallback, useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import type { Language } from '@manzil/contracts';
import { ApiError, apiFetch } from '@manzil/ui';

export type ContentState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'not-found' } | { status: 'error' };

/**
 * A read from the content service (`/api/content` + a `CONTENT_API` path) in the page's
 * language: loading, ready, not found (404), or failed (with `retry`).
 */
export function useContentQuery<T>(
  path: string,
  schema: ZodType<T>,
  language: Language,
  query?: Record<string, string | number | undefined>,
): ContentState<T> & { retry: () => void } {
  const [state, setState] = useState<ContentState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const queryKey = JSON.stringify(query ?? {});
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    apiFetch(`/api/content${path}`, {
      language,
      results: schema,
      query: JSON.parse(queryKey) as Record<string, string | number | undefined>,
      signal: controller.signal,
    })
      .then((envelope) => setState({ status: 'ready', data: envelope.results }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'not-found' });
        else {
          console.warn(`customer: ${path} failed`, error);
          setState({ status: 'error' });
        }
      });
    return () => controller.abort();
  }, [path, schema, language, queryKey, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
