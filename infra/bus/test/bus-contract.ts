import { afterEach, describe, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@manzil/contracts';
import type { EventBus, Subscription } from '../src/index.js';
import { delay, eventually, randomName, testEvent } from './helpers.js';

/**
 * What every EventBus engine must do (DESIGN rule 3). Each test uses its own topics, so the
 * suite needs nothing from the engine but a fresh bus; the spec file cleans up the namespace.
 */
export function runBusContract(name: string, makeBus: () => EventBus, options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? 5_000;

  describe(`EventBus contract: ${name}`, () => {
    const buses: EventBus[] = [];
    const bus = () => {
      const created = makeBus();
      buses.push(created);
      return created;
    };

    afterEach(async () => {
      await Promise.all(buses.splice(0).map((b) => b.close()));
    });

    const topic = () => `${randomName('t')}.orders`;

    it('delivers published events to a subscriber, with their topic', async () => {
      const b = bus();
      const t = topic();
      const received: [EventEnvelope, string][] = [];
      await b.subscribe({ group: 'svc', topics: [t], handler: async (e, tp) => void received.push([e, tp]) });
      const events = [testEvent('k1', { n: 1 }), testEvent('k2', { n: 2 }), testEvent('k1', { n: 3 })];
      for (const e of events) await b.publish(t, e);
      await eventually(() => expect(received).toHaveLength(3), timeoutMs);
      expect(received.map(([e]) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(received.every(([, tp]) => tp === t)).toBe(true);
      expect(received.find(([e]) => e.id === events[1].id)?.[0]).toEqual(events[1]);
    });

    it('keeps order per key over 200 events on a few keys', async () => {
      const b = bus();
      const t = topic();
      const keys = ['a', 'b', 'c', 'd'];
      const seen = new Map<string, number[]>(keys.map((k) => [k, []]));
      await b.subscribe({
        group: 'svc',
        topics: [t],
        handler: async (e) => {
          // Uneven handler times, so a consumer that ran a key's events in parallel would reorder them.
          await delay(Math.random() < 0.2 ? 3 : 0);
          seen.get(e.key)!.push((e.payload as { n: number }).n);
        },
      });
      // Publishes of one key one after another (that is what "in order" means); keys concurrently.
      await Promise.all(
        keys.map(async (k) => {
          for (let n = 0; n < 50; n++) await b.publish(t, testEvent(k, { n }));
        }),
      );
      await eventually(() => expect([...seen.values()].flat()).toHaveLength(200), timeoutMs * 2);
      for (const k of keys) expect(seen.get(k)).toEqual([...Array(50).keys()]);
    });

    it('gives an event again to a handler that threw', async () => {
      const b = bus();
      const t = topic();
      const attempts: string[] = [];
      await b.subscribe({
        group: 'svc',
        topics: [t],
        handler: async (e) => {
          attempts.push(e.id);
          if (attempts.length < 3) throw new Error('not yet');
        },
      });
      const event = testEvent('k1');
      await b.publish(t, event);
      await eventually(() => expect(attempts).toEqual([event.id, event.id, event.id]), timeoutMs);
    });

    it('sends an event to <topic>.dlq after maxAttempts, then moves on', async () => {
      const b = bus();
      const t = topic();
      const attempts = new Map<string, number>();
      const handled: string[] = [];
      const poison = testEvent('k1', { poison: true });
      const next = testEvent('k1', { poison: false });
      await b.subscribe({
        group: 'svc',
        topics: [t],
        maxAttempts: 3,
        handler: async (e) => {
          attempts.set(e.id, (attempts.get(e.id) ?? 0) + 1);
          if ((e.payload as { poison: boolean }).poison) throw new Error('poison');
          handled.push(e.id);
        },
      });
      const dead: EventEnvelope[] = [];
      await b.subscribe({ group: 'ops', topics: [`${t}.dlq`], handler: async (e) => void dead.push(e) });
      await b.publish(t, poison);
      await b.publish(t, next);
      await eventually(() => expect(dead.map((e) => e.id)).toEqual([poison.id]), timeoutMs);
      await eventually(() => expect(handled).toEqual([next.id]), timeoutMs);
      expect(attempts.get(poison.id)).toBe(3);
    });

    it('gives every event to each of two consumer groups', async () => {
      const b = bus();
      const t = topic();
      const byGroup: Record<string, string[]> = { search: [], notifications: [] };
      for (const group of Object.keys(byGroup)) {
        await b.subscribe({ group, topics: [t], handler: async (e) => void byGroup[group].push(e.id) });
      }
      const events = Array.from({ length: 20 }, (_, i) => testEvent(`k${i % 3}`));
      for (const e of events) await b.publish(t, e);
      const ids = events.map((e) => e.id).sort();
      await eventually(() => {
        expect([...byGroup.search].sort()).toEqual(ids);
        expect([...byGroup.notifications].sort()).toEqual(ids);
      }, timeoutMs);
    });

    it('lets a group that starts late catch up on earlier events', async () => {
      const publisher = bus();
      const t = topic();
      const events = Array.from({ length: 20 }, (_, i) => testEvent(`k${i % 2}`, { n: i }));
      for (const e of events) await publisher.publish(t, e);
      const received: string[] = [];
      const subscription: Subscription = await bus().subscribe({
        group: 'late',
        topics: [t],
        handler: async (e) => void received.push(e.id),
      });
      await eventually(() => expect(received).toEqual(events.map((e) => e.id)), timeoutMs);
      await subscription.stop();
    });
  });
}
