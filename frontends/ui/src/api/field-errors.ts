import { z } from 'zod';
import { fieldErrorSchema } from '@manzil/contracts';
import { ApiError } from './api-fetch.js';

const validationResultsSchema = z.object({ fields: z.array(fieldErrorSchema) });

/** The field messages of a 422 (`results.fields`, in the page's language); none for any other error. */
export function apiFieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const parsed = validationResultsSchema.safeParse(error.results);
  return parsed.success ? parsed.data.fields : [];
}
