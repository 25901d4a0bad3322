import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';
import type { Language } from '@manzil/contracts';
import { apiFetch } from '@manzil/ui';

/**
 * A read from the content service (`/api/content` + a `CONTENT_API` path) in the page's
 * language, fetched again when the language or query changes. Null until it answers, and
 * null when it fails (spec §8: other fetch failures are logged and swallowed).
 */
export function useContent<T>(
  path: string | null,
  schema: ZodType<T>,
  language: Language,
  query?: Record<string, string | undefined>,
): T | null {
  const [data, setData] = useState<T | null>(null);
  const queryKey = JSON.stringify(query ?? {});
  useEffect(() => {
    if (!path) {
      setData(null);
      return undefined;
    }
    const controller = new AbortController();
    apiFetch(`/api/content${path}`, {
      language,
      results: schema,
      query: JSON.parse(queryKey) as Record<string, string | undefined>,
      signal: controller.signal,
    })
      .then((envelope) => setData(envelope.results))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn(`shell: ${path} unavailable`, error);
      });
    return () => controller.abort();
  }, [path, schema, language, queryKey]);
  return data;
}
