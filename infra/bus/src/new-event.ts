import { v7 as uuidv7 } from 'uuid';
import type { EventEnvelope, Site } from '@manzil/contracts';

/** Builds an envelope for an event definition of `contracts/events` (id = uuid v7, so ids sort by time). */
export function newEvent<P>(
  def: { type: string; version: number },
  site: Site,
  key: string,
  payload: P,
  requestId?: string,
): EventEnvelope<P> {
  return {
    id: uuidv7(),
    type: def.type,
    version: def.version,
    site,
    key,
    occurredAt: new Date().toISOString(),
    ...(requestId === undefined ? {} : { requestId }),
    payload,
  };
}
