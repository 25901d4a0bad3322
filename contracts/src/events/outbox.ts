import { z } from 'zod';
import { eventEnvelopeSchema } from './envelope.js';
import { lazySchema } from '../lazy-schema.js';

/**
 * An event the outbox relay parked after the bus refused it `maxAttempts` times
 * (`GET /v1/admin/outbox/dead` on every service that has an outbox; replayed with
 * `node dist/cli.js outbox:replay --id N | --all`). Later events of its key wait behind it.
 */
export const deadOutboxRowSchema = lazySchema(() =>
  z.object({
    /** The outbox id: the row keeps it, so a replay puts it back in its place. */
    id: z.string(),
    topic: z.string(),
    key: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    deadAt: z.iso.datetime(),
    event: eventEnvelopeSchema,
  }),
);
export type DeadOutboxRowDto = z.infer<typeof deadOutboxRowSchema>;

export const OUTBOX_ADMIN_API = {
  /** GET paginationQuerySchema → page of deadOutboxRowSchema (events of the request's site), oldest first. Admin only. */
  dead: '/v1/admin/outbox/dead',
} as const;
