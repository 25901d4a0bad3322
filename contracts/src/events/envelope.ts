import { z } from 'zod';
import { siteSchema } from '../site.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * DESIGN rule 2: `{ id (uuid v7), type, version, site, key, occurredAt, payload }`.
 * `requestId` carries the originating HTTP request id across services for the logs.
 */
export const eventEnvelopeSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    type: z.string().min(1),
    version: z.number().int().min(1),
    site: siteSchema,
    key: z.string().min(1),
    occurredAt: z.iso.datetime(),
    requestId: z.string().optional(),
    payload: z.unknown(),
  }),
);
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};
