import { z } from 'zod';
import { propertySummarySchema } from '../listings.js';

/** listing.approved v1: a property became visible to the public (accepted by an admin). */
export const listingApprovedV1 = {
  type: 'listing.approved',
  version: 1,
  payload: propertySummarySchema,
} as const;

/** listing.withdrawn v1: a published property is no longer visible (sold, inactive, deleted). */
export const listingWithdrawnV1 = {
  type: 'listing.withdrawn',
  version: 1,
  payload: z.object({ id: z.uuid(), reason: z.enum(['sold', 'inactive', 'deleted', 'rejected']) }),
} as const;
