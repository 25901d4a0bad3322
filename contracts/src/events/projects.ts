import { z } from 'zod';
import { publicProjectSchema, unitSchema, unitStatusSchema } from '../projects.js';
import { siteSchema } from '../site.js';

/**
 * Events of a project and its units, topic `listings.project`, key = project id (so a unit's
 * events stay in order with its project's). Published by the listings service through its
 * outbox in the transaction of the change; search keeps its own read model from them. A
 * breaking change is a new version, never an edit.
 */

/** project.published v1: a project became public (its whole public version, units included). */
export const projectPublishedV1 = {
  type: 'project.published',
  version: 1,
  payload: publicProjectSchema.extend({ units: z.array(unitSchema) }),
} as const;

/** project.updated v1: a published project changed: its whole public version again. */
export const projectUpdatedV1 = {
  type: 'project.updated',
  version: 1,
  payload: publicProjectSchema,
} as const;

/** unit.added v1: a unit of a published project. */
export const unitAddedV1 = {
  type: 'unit.added',
  version: 1,
  payload: unitSchema.extend({ availableUnits: z.number().int().min(0) }),
} as const;

/** unit.updated v1: a unit's fields changed (its status too, when it changed with them). */
export const unitUpdatedV1 = {
  type: 'unit.updated',
  version: 1,
  payload: unitSchema.extend({ availableUnits: z.number().int().min(0) }),
} as const;

/**
 * unit.status-changed v1: available ↔ reserved ↔ sold, with the project's available count after
 * it. Every status change goes through one function in listings (a booking will call it).
 */
export const unitStatusChangedV1 = {
  type: 'unit.status-changed',
  version: 1,
  payload: z.object({
    id: z.uuid(),
    projectId: z.uuid(),
    from: unitStatusSchema,
    to: unitStatusSchema,
    availableUnits: z.number().int().min(0),
    at: z.iso.datetime(),
  }),
} as const;

/**
 * project.unpublished v1: an admin took a published project off the site (moderation); it is a
 * draft of its company again. Search removes it and its units from its read model; a later
 * `project.published` brings it back whole.
 */
export const projectUnpublishedV1 = {
  type: 'project.unpublished',
  version: 1,
  payload: z.object({
    id: z.uuid(),
    site: siteSchema,
    slug: z.string(),
    /** The admin who took it off. */
    by: z.uuid(),
    at: z.iso.datetime(),
  }),
} as const;
