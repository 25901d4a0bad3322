import type { QueryFunctionContext } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { ApiError, apiFetch, type ApiFetchOptions } from '../api/api-fetch.js';

export type ApiQueryOptions<T> = Omit<ApiFetchOptions<T>, 'signal' | 'method' | 'body' | 'results'> & {
  /** The contract of `results`: a response that drifts from it fails the read. */
  results: ZodType<T>;
};

/**
 * A typed query function over `apiFetch`: the response's `results`, checked by its zod
 * schema. The query's AbortSignal goes to fetch, so a read whose inputs changed (another tab,
 * another page) is cancelled instead of landing late.
 */
export function apiQueryFn<T>(path: string, options: ApiQueryOptions<T>) {
  return async ({ signal }: Pick<QueryFunctionContext, 'signal'>): Promise<T> =>
    (await apiFetch(path, { ...options, signal })).results;
}

/** A read whose thing does not exist (a 404): the page shows "not found", not "try again". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
