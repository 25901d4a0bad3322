import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** DESIGN rule 4: every response is `{ status, success, message, results }`. */
export function envelopeSchema<T extends z.ZodTypeAny>(results: T) {
  return z.object({
    status: z.number().int(),
    success: z.boolean(),
    message: z.string(),
    results,
  });
}

export interface ApiEnvelope<T> {
  status: number;
  success: boolean;
  message: string;
  results: T;
}

/** A validation error names each field with its message in the request's language. */
export const fieldErrorSchema = lazySchema(() => z.object({ field: z.string(), message: z.string() }));
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every list endpoint is paginated: `?page=1&limit=20`, limit at most 100. */
export const paginationQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}
