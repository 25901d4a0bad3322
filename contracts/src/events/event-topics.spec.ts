import { describe, expect, it } from '@jest/globals';
import * as events from './index.js';
import { EVENT_TOPICS, topicOfEvent } from './event-topics.js';

/** Every exported `{ type, version, payload }` is an event definition. */
const definitions = (Object.values(events) as unknown[]).filter(
  (value): value is { type: string; version: number } =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    typeof (value as { version?: unknown }).version === 'number' &&
    'payload' in value,
);

describe('EVENT_TOPICS', () => {
  it('names a topic for every event definition of the contracts', () => {
    expect(definitions.length).toBeGreaterThan(0);
    const missing = definitions.filter((d) => topicOfEvent(d.type) === undefined).map((d) => d.type);
    expect(missing).toEqual([]);
  });

  it('names only types that are defined', () => {
    const defined = new Set(definitions.map((d) => d.type));
    expect(Object.keys(EVENT_TOPICS).filter((type) => !defined.has(type))).toEqual([]);
  });

  it('knows nothing of an unknown type, even one named like an object member', () => {
    expect(topicOfEvent('listing.approved')).toBe('listings.property');
    expect(topicOfEvent('no.such.event')).toBeUndefined();
    expect(topicOfEvent('constructor')).toBeUndefined();
  });
});
