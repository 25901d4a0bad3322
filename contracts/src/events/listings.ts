import { z } from 'zod';
import { propertySummarySchema } from '../listings.js';
import { publishedPropertySchema } from '../property.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * Events of a property's life, topic `listings.property`, key = property id. Published by the
 * listings service through its outbox in the transaction of the change. A breaking change is
 * a new version, never an edit.
 */

/** listing.approved v1: a property became visible to the public (accepted by an admin). */
export const listingApprovedV1 = {
  type: 'listing.approved',
  version: 1,
  payload: propertySummarySchema,
} as const;

/**
 * listing.approved v2: the public version of a property, with every public field search needs
 * (location hierarchy ids and names, coordinates, facts, media, agent and company, badge,
 * regulator fields). Its payload is a superset of v1's, so a reader of v1's fields can read
 * v2's (`summaryOfApproved`).
 */
export const listingApprovedV2 = {
  type: 'listing.approved',
  version: 2,
  payload: publishedPropertySchema,
} as const;

/** listing.withdrawn v1: a published property is no longer visible (sold, inactive, deleted). */
export const listingWithdrawnV1 = {
  type: 'listing.withdrawn',
  version: 1,
  payload: z.object({ id: z.uuid(), reason: z.enum(['sold', 'inactive', 'deleted', 'rejected']) }),
} as const;

const actor = lazySchema(() => z.object({ id: z.uuid(), role: z.enum(['agent', 'company', 'admin']) }));

/** listing.submitted v1: an owner sent a draft (or an edit of a published listing) for approval. */
export const listingSubmittedV1 = {
  type: 'listing.submitted',
  version: 1,
  payload: z.object({
    id: z.uuid(),
    agentId: z.uuid().nullable(),
    companyId: z.uuid().nullable(),
    by: actor,
    /** True when a published version stays visible while this edit waits. */
    editOfPublished: z.boolean(),
    documentCount: z.number().int().min(1),
  }),
} as const;

/** listing.updated v1: an owner changed a property's draft (what changed, not the values). */
export const listingUpdatedV1 = {
  type: 'listing.updated',
  version: 1,
  payload: z.object({
    id: z.uuid(),
    by: actor,
    fields: z.array(z.string()),
    approvalStatus: z.enum(['draft', 'pending', 'accepted', 'rejected']),
  }),
} as const;

/** listing.rejected v1: an admin rejected what was submitted, with the reason shown to the owner. */
export const listingRejectedV1 = {
  type: 'listing.rejected',
  version: 1,
  payload: z.object({
    id: z.uuid(),
    agentId: z.uuid().nullable(),
    companyId: z.uuid().nullable(),
    reason: z.string().min(1),
    rejectedAt: z.iso.datetime(),
    by: actor,
    /** True when an accepted version stays public (only the edit was refused). */
    publishedStays: z.boolean(),
  }),
} as const;

/** listing.sold v1: the owner marked the property sold; it leaves the public lists. */
export const listingSoldV1 = {
  type: 'listing.sold',
  version: 1,
  payload: z.object({ id: z.uuid(), soldAt: z.iso.datetime(), by: actor }),
} as const;

/**
 * listing.discarded v1: the owner threw away a listing that was never public (a draft, or a
 * submission rejected before any acceptance): its rows are gone and its stored media follow.
 * Nothing public changes (search never had it); a place of the owner's plan is free again.
 */
export const listingDiscardedV1 = {
  type: 'listing.discarded',
  version: 1,
  payload: z.object({
    id: z.uuid(),
    agentId: z.uuid().nullable(),
    companyId: z.uuid().nullable(),
    discardedAt: z.iso.datetime(),
    by: actor,
  }),
} as const;

/**
 * listing.deactivated v1: the owner took the property off (`active: false`) or put it back
 * (`active: true`; a published one then comes back with a fresh `listing.approved`).
 */
export const listingDeactivatedV1 = {
  type: 'listing.deactivated',
  version: 1,
  payload: z.object({ id: z.uuid(), active: z.boolean(), at: z.iso.datetime(), by: actor }),
} as const;

/**
 * listing.deactivated v2: as v1, and it says why (`owner`, or `licenceExpired`: the Saudi ad
 * licence ended and the ad had to come down, INTEGRATIONS.md). `by` is null when no account did
 * it (the licence expiry job). v1 stays readable; the owner's own switch still publishes v1.
 */
export const listingDeactivatedV2 = {
  type: 'listing.deactivated',
  version: 2,
  payload: z.object({
    id: z.uuid(),
    active: z.boolean(),
    at: z.iso.datetime(),
    by: actor.nullable(),
    reason: z.enum(['owner', 'licenceExpired']),
  }),
} as const;

/** The v1 summary of a `listing.approved` of either version (v2's payload holds v1's fields). */
export function summaryOfApproved(payload: z.infer<typeof propertySummarySchema>) {
  return propertySummarySchema.parse(payload);
}
