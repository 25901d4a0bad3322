import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/** One listing a saved search matched: a new listing, or a cheaper price of a matching one. */
export const savedSearchMatchSchema = lazySchema(() =>
  z.object({
    listingId: z.uuid(),
    slug: z.string(),
    title: z.object({ en: z.string(), ar: z.string() }),
    reason: z.enum(['new', 'priceDrop']),
    /** The display price now, and before the drop (null for a new listing). */
    price: z.number().nonnegative(),
    previousPrice: z.number().nonnegative().nullable(),
    matchedAt: z.iso.datetime(),
  }),
);
export type SavedSearchMatch = z.infer<typeof savedSearchMatchSchema>;

/**
 * saved-search.matched v1 (search, topic `search.saved-search`, key = the saved search id):
 * listings a customer's saved search matched. An `instant` search sends one per listing as it
 * is approved; a `daily` one sends one digest a day with every match since the last.
 * Notifications tells the customer.
 */
export const savedSearchMatchedV1 = {
  type: 'saved-search.matched',
  version: 1,
  payload: z.object({
    savedSearchId: z.uuid(),
    customerId: z.uuid(),
    name: z.string(),
    frequency: z.enum(['instant', 'daily']),
    /** The listing page of the search, with its filters (a path of the site). */
    link: z.string(),
    matches: z.array(savedSearchMatchSchema).min(1),
  }),
} as const;
