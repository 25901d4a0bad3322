import { describe, expect, it } from '@jest/globals';
import { eventEnvelopeSchema, listingWithdrawnV1 } from '@manzil/contracts';
import { newEvent } from './new-event.js';

describe('newEvent', () => {
  it('builds a valid envelope from an event definition', () => {
    const payload = { id: '0190a6c4-1f7e-7c1a-8a3b-1234567890ab', reason: 'sold' as const };
    const event = newEvent(listingWithdrawnV1, 'sa', 'property-1', payload, 'req-1');
    expect(eventEnvelopeSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      type: 'listing.withdrawn',
      version: 1,
      site: 'sa',
      key: 'property-1',
      payload,
      requestId: 'req-1',
    });
  });

  it('uses uuid v7 ids, so later events sort after earlier ones', () => {
    const ids = Array.from({ length: 50 }, () => newEvent({ type: 't', version: 1 }, 'ae', 'k', {}).id);
    expect(ids.every((id) => id[14] === '7')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(50);
  });

  it('stamps occurredAt with the current time and leaves requestId out when not given', () => {
    const before = Date.now();
    const event = newEvent({ type: 't', version: 2 }, 'ae', 'k', null);
    expect(Date.parse(event.occurredAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(event.occurredAt)).toBeLessThanOrEqual(Date.now());
    expect('requestId' in event).toBe(false);
  });
});
