import type { EntityManager } from 'typeorm';
import { CONTENT_TOPICS, contentChangedV1, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { currentContext } from '@manzil/nest-kit';
import type { z } from 'zod';

type Change = Omit<z.infer<typeof contentChangedV1.payload>, 'site'>;

/** Writes `content.changed` into the outbox with the caller's transaction (key `<kind>:<id>`). */
export async function recordChange(manager: EntityManager, site: Site, change: Change): Promise<void> {
  const payload = contentChangedV1.payload.parse({ site, ...change });
  await enqueue(
    manager,
    CONTENT_TOPICS.cms,
    newEvent(contentChangedV1, site, `${change.kind}:${change.id}`, payload, currentContext()?.requestId),
  );
}
