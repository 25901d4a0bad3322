import { z } from 'zod';
import { paginationQuerySchema, pageSchema } from './envelope.js';
import { SAVED_SEARCHES_PAGE } from './routes.js';
import { searchFiltersSchema } from './search.js';
import { tidySpaces } from './text.js';
import { SAVED_SEARCH_LIMIT } from './saved-search-messages.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Saved searches and their alerts (issue 14 item 8, beyond the spec): a customer saves the
 * search of a listing page and is told of new matching listings and price drops, at once
 * (`instant`) or in one digest a day (`daily`). Owned by the search service.
 */

export { SAVED_SEARCH_LIMIT };
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily'] as const;
export const savedSearchFrequencySchema = lazySchema(() => z.enum(SAVED_SEARCH_FREQUENCIES));
export type SavedSearchFrequency = z.infer<typeof savedSearchFrequencySchema>;

export const SAVED_SEARCH_API = {
  list: '/v1/saved-searches',
  one: (id: string) => `/v1/saved-searches/${encodeURIComponent(id)}`,
} as const;

/** The page a customer's saved searches live on (user menu; routes.ts lets customers open it). */
export const SAVED_SEARCHES_ROUTE = SAVED_SEARCHES_PAGE;

const nameSchema = lazySchema(() =>
  z.preprocess(
    (value) => (typeof value === 'string' ? tidySpaces(value) : value),
    z
      .string({ message: 'savedSearch.nameRequired' })
      .min(1, 'savedSearch.nameRequired')
      .max(80, 'savedSearch.nameTooLong'),
  ),
);

/**
 * The listing page the search was saved from, with its query string as the page wrote it in the
 * address bar (`/buy/properties-for-sale?beds=2&…`): the link back to the search.
 */
const linkSchema = lazySchema(() =>
  z
    .string()
    .max(2000)
    .regex(/^\/[^/\\]/, 'invalid'),
);

/**
 * `POST /v1/saved-searches`. `filters` are the search API's filters of that page (contracts'
 * `searchFiltersSchema`: what the list asked the search service), matched against each new
 * or cheaper listing; `link` is how the customer gets back to the page.
 */
export const createSavedSearchRequestSchema = lazySchema(() =>
  z.object({
    name: nameSchema,
    frequency: savedSearchFrequencySchema.default('instant'),
    link: linkSchema,
    filters: searchFiltersSchema,
  }),
);
export type CreateSavedSearchRequest = z.infer<typeof createSavedSearchRequestSchema>;

/** `PATCH /v1/saved-searches/:id`: a new name or frequency (one at least). */
export const updateSavedSearchRequestSchema = lazySchema(() =>
  z
    .object({ name: nameSchema.optional(), frequency: savedSearchFrequencySchema.optional() })
    .refine((value) => value.name !== undefined || value.frequency !== undefined, {
      message: 'required',
      path: ['frequency'],
    }),
);
export type UpdateSavedSearchRequest = z.infer<typeof updateSavedSearchRequestSchema>;

export const savedSearchParamsSchema = lazySchema(() => z.object({ id: z.uuid() }));
export const savedSearchesQuerySchema = paginationQuerySchema;
export type SavedSearchesQuery = z.infer<typeof savedSearchesQuerySchema>;

export const savedSearchSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    frequency: savedSearchFrequencySchema,
    link: z.string(),
    filters: searchFiltersSchema,
    createdAt: z.iso.datetime(),
    /** When the last daily digest left (null: none yet). */
    lastDigestAt: z.iso.datetime().nullable(),
  }),
);
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchesPageSchema = lazySchema(() => pageSchema(savedSearchSchema));

/** The answer to DELETE /saved-searches/:id. */
export const savedSearchRemovedSchema = lazySchema(() => z.object({ removed: z.boolean() }));
