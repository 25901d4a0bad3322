import { afterAll, afterEach, describe, expect, it, jest } from '@jest/globals';
import kafkajs from 'kafkajs';
import type { EventEnvelope } from '@manzil/contracts';
import {
  InfrastructureUnavailableError,
  KafkaEventBus,
  type EventBus,
  type ReplayOptions,
  type ReplayResult,
  type SubscribeOptions,
  type Subscription,
} from '../src/index.js';
import { dlqTopic } from '../src/event-bus.js';
import { runBusContract } from './bus-contract.js';
import { delay, eventually, FAST_RETRY, randomName, testEvent } from './helpers.js';
import { describeWithEngine } from './engine-suite.js';

// The broker: started by `npm test` / the jest global setup (scripts/engines.mjs: Kafka 4.x
// from Maven Central, one KRaft node) or given as KAFKA_BROKERS; without one, see ./engine-suite.ts.

/**
 * Like production (k8s/kafka-topics.yaml), the broker does not create topics on first use.
 * The contract suite makes up fresh topic names per test, so this bus declares each topic (and
 * its .dlq) before the engine first touches it, as the declarations do in production. The
 * engine under test is the unmodified KafkaEventBus.
 */
class DeclaringBus implements EventBus {
  constructor(
    private readonly bus: KafkaEventBus,
    private readonly declare: (topics: string[]) => Promise<void>,
  ) {}

  private declareWithDlq(topics: string[]): Promise<void> {
    return this.declare(topics.flatMap((t) => [t, dlqTopic(t)]).map((t) => this.bus.topicName(t)));
  }

  async publish(topic: string, event: EventEnvelope): Promise<void> {
    await this.declareWithDlq([topic]);
    await this.bus.publish(topic, event);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    await this.declareWithDlq(options.topics);
    return this.bus.subscribe(options);
  }

  async replayDeadLetters(topic: string, options?: ReplayOptions): Promise<ReplayResult> {
    await this.declareWithDlq([topic]);
    return this.bus.replayDeadLetters(topic, options);
  }

  close(): Promise<void> {
    return this.bus.close();
  }
}

describeWithEngine('kafka', 'Kafka bus', (address) => {
  const brokers = address.split(',').map((b) => b.trim());
  // Every publish waits for the broker's ack (acks=all, one request in flight): 200 of them
  // take seconds on a busy machine, more than jest's 5 s default.
  jest.setTimeout(60_000);
  const namespace = randomName('bustest');
  const kafka = new kafkajs.Kafka({ clientId: 'contract-admin', brokers, logLevel: kafkajs.logLevel.WARN });
  const admin = kafka.admin();
  const connected = admin.connect();
  const declared = new Map<string, Promise<void>>();
  const declare = async (topics: string[]): Promise<void> => {
    await connected;
    const fresh = topics.filter((t) => !declared.has(t));
    if (fresh.length) {
      const created = createTopics(fresh);
      for (const t of fresh) declared.set(t, created);
    }
    await Promise.all(topics.map((t) => declared.get(t)));
  };
  // kafkajs' waitForLeaders gives up while a KRaft broker still answers "unknown topic" for a
  // just-created topic, so wait for the leaders here.
  const createTopics = async (topics: string[]): Promise<void> => {
    await admin.createTopics({ topics: topics.map((topic) => ({ topic, numPartitions: 3 })) });
    for (;;) {
      const ready = await admin
        .fetchTopicMetadata({ topics })
        .then((m) =>
          m.topics.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0)),
        )
        .catch(() => false);
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  afterAll(async () => {
    await connected;
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`));
    if (mine.length) await admin.deleteTopics({ topics: mine });
    await admin.disconnect();
  });

  runBusContract(
    'Kafka',
    () =>
      new DeclaringBus(
        new KafkaEventBus({ clientId: 'contract', brokers, namespace, retry: FAST_RETRY }),
        declare,
      ),
    // Group joins and rebalances take seconds on Kafka.
    { timeoutMs: 30_000 },
  );

  describe('Kafka consumers: backoff, pause and replay', () => {
    const buses: EventBus[] = [];
    const bus = (options: Partial<ConstructorParameters<typeof KafkaEventBus>[0]> = {}) => {
      const created = new DeclaringBus(
        new KafkaEventBus({ clientId: 'resilience', brokers, namespace, retry: FAST_RETRY, ...options }),
        declare,
      );
      buses.push(created);
      return created;
    };
    afterEach(async () => {
      await Promise.all(buses.splice(0).map((b) => b.close()));
    });
    const topic = () => `${randomName('t')}.orders`;

    it('handles the different keys of one partition at once (order is per key, not per partition)', async () => {
      const b = bus();
      const t = topic();
      const events = Array.from({ length: 30 }, (_, n) => testEvent(`key-${n}`, { n }));
      for (const e of events) await b.publish(t, e);
      let inFlight = 0;
      let most = 0;
      const handled = new Set<string>();
      // Each handler waits (up to 2 s) for the others to come in: one message at a time per
      // partition would never have more than the topic's 3 partitions in flight.
      await b.subscribe({
        group: 'svc',
        topics: [t],
        handler: async (e) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          const until = Date.now() + 2_000;
          while (inFlight < events.length && Date.now() < until) await delay(10);
          inFlight -= 1;
          handled.add(e.id);
        },
      });
      await eventually(() => expect(handled.size).toBe(events.length), 30_000);
      expect(most).toBeGreaterThan(10);
    });

    it('keeps its partition while a retry waits longer than the session timeout (heartbeats), then handles the event once', async () => {
      // Session 6 s (the broker's minimum), retry after 9 s: without heartbeats during the wait
      // the broker would drop the member, the commit would fail and the event come again.
      const b = bus({ sessionTimeoutMs: 6_000, retry: { retryDelaysMs: [9_000] } });
      const t = topic();
      const calls: number[] = [];
      await b.subscribe({
        group: 'svc',
        topics: [t],
        handler: async () => {
          calls.push(Date.now());
          if (calls.length === 1) throw new Error('not yet');
        },
      });
      await b.publish(t, testEvent('k1'));
      await eventually(() => expect(calls).toHaveLength(2), 30_000);
      await delay(8_000);
      expect(calls).toHaveLength(2);
    }, 60_000);

    it('pauses on an outage without spending attempts, and handles the event when it is over', async () => {
      const b = bus({ retry: { maxAttempts: 1, ...FAST_RETRY } });
      const t = topic();
      let down = true;
      const calls: string[] = [];
      const handled: string[] = [];
      await b.subscribe({
        group: 'svc',
        topics: [t],
        handler: async (e) => {
          calls.push(e.id);
          if (down) throw new InfrastructureUnavailableError('projection store unreachable');
          handled.push(e.id);
        },
      });
      const event = testEvent('k1');
      await b.publish(t, event);
      await eventually(() => expect(calls.length).toBeGreaterThanOrEqual(3), 30_000);
      down = false;
      await eventually(() => expect(handled).toEqual([event.id]), 30_000);
      const dead: string[] = [];
      await b.subscribe({ group: 'ops', topics: [`${t}.dlq`], handler: async (e) => void dead.push(e.id) });
      await delay(3_000);
      expect(dead).toEqual([]);
    });

    it('moves dead letters back with replayDeadLetters, once', async () => {
      const b = bus({ retry: { maxAttempts: 2, ...FAST_RETRY } });
      const t = topic();
      let fixed = false;
      const handled: string[] = [];
      await b.subscribe({
        group: 'svc',
        topics: [t],
        handler: async (e) => {
          if (!fixed) throw new Error('bug');
          handled.push(e.id);
        },
      });
      const poison = testEvent('k1');
      await b.publish(t, poison);
      const dead: string[] = [];
      await b.subscribe({ group: 'ops', topics: [`${t}.dlq`], handler: async (e) => void dead.push(e.id) });
      await eventually(() => expect(dead).toEqual([poison.id]), 30_000);
      fixed = true;
      expect(await b.replayDeadLetters(t, { group: 'other' })).toEqual({ replayed: 0, skipped: 1 });
      expect(await b.replayDeadLetters(t, { group: 'svc' })).toEqual({ replayed: 1, skipped: 0 });
      await eventually(() => expect(handled).toEqual([poison.id]), 30_000);
      // The replay group committed what it moved: a second run finds nothing to move.
      expect(await b.replayDeadLetters(t, { group: 'svc' })).toEqual({ replayed: 0, skipped: 0 });
    }, 90_000);
  });
});
