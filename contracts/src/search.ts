import { z } from 'zod';
import { searchPropertiesQuerySchema } from './listings.js';

/**
 * `GET /v1/properties` of the search service: the listing page's filters plus a free-text
 * `q` matched against the English and Arabic text of the listing.
 */
export const listingSearchQuerySchema = searchPropertiesQuerySchema.extend({
  q: z.string().trim().min(1).max(100).optional(),
});
export type ListingSearchQuery = z.infer<typeof listingSearchQuerySchema>;
