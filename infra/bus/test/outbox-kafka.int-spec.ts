import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import kafkajs from 'kafkajs';
import type { EventEnvelope } from '@manzil/contracts';
import { enqueue, KafkaEventBus, OutboxRelay } from '../src/index.js';
import { createTestDatabase, eventually, randomName, testEvent, type TestDatabase } from './helpers.js';
import { describeWithEngine } from './engine-suite.js';

// The broker: started by the jest global setup (scripts/engines.mjs) or given as
// MANZIL_TEST_KAFKA_BROKERS; the reason when neither.
describeWithEngine('kafka', 'Outbox relay on Kafka', (address) => {
  const brokers = address.split(',').map((b) => b.trim());
  jest.setTimeout(90_000);
  const namespace = randomName('outboxkafka');
  const kafka = new kafkajs.Kafka({
    clientId: 'outbox-kafka-test',
    brokers,
    logLevel: kafkajs.logLevel.WARN,
  });
  const admin = kafka.admin();
  let db: TestDatabase;
  const buses: KafkaEventBus[] = [];

  /** Declares a topic (auto-creation is off, as in production) and waits for its leaders. */
  async function declare(topic: string, partitions = 4): Promise<void> {
    const name = `${namespace}.${topic}`;
    await admin.createTopics({ topics: [{ topic: name, numPartitions: partitions }] });
    await eventually(async () => {
      const metadata = await admin.fetchTopicMetadata({ topics: [name] });
      expect(metadata.topics[0].partitions.every((p) => p.leader >= 0)).toBe(true);
    }, 30_000);
  }

  /** Everything on a topic, read by a throwaway consumer group from the beginning. */
  async function readAll(topic: string, count: number): Promise<EventEnvelope[]> {
    const consumer = kafka.consumer({ groupId: randomName('reader'), maxWaitTimeInMs: 200 });
    const received: EventEnvelope[] = [];
    await consumer.connect();
    await consumer.subscribe({ topics: [`${namespace}.${topic}`], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => void received.push(JSON.parse(String(message.value))),
    });
    try {
      await eventually(() => expect(received.length).toBeGreaterThanOrEqual(count), 60_000);
      return received;
    } finally {
      await consumer.disconnect();
    }
  }

  beforeAll(async () => {
    await admin.connect();
    db = await createTestDatabase();
  });

  afterAll(async () => {
    for (const bus of buses) await bus.close();
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(`${namespace}.`));
    if (mine.length) await admin.deleteTopics({ topics: mine });
    await admin.disconnect();
    await db?.drop();
  });

  const newBus = () => {
    const bus = new KafkaEventBus({ clientId: 'outbox-kafka-test', brokers, namespace });
    buses.push(bus);
    return bus;
  };

  describe('outbox relay on Kafka (a produce request per topic and pass)', () => {
    it('publishes each committed event once, in order per key, with two relays running', async () => {
      await declare('t.property');
      const quiet = { info: () => undefined, error: () => undefined };
      const relays = [
        new OutboxRelay(db.dataSource, newBus(), { batchSize: 50, pollIntervalMs: 50, logger: quiet }),
        new OutboxRelay(db.dataSource, newBus(), { batchSize: 50, pollIntervalMs: 50, logger: quiet }),
      ];
      for (const relay of relays) await relay.start();
      const events = Array.from({ length: 300 }, (_, n) => testEvent(`p${n % 7}`, { n }));
      try {
        for (let i = 0; i < events.length; i += 10) {
          await db.dataSource.transaction((manager) =>
            enqueue(manager, 't.property', events.slice(i, i + 10)),
          );
        }
        await eventually(async () => {
          const [{ waiting }] = await db.dataSource.query(
            `SELECT count(*)::int AS waiting FROM outbox WHERE published_at IS NULL`,
          );
          expect(waiting).toBe(0);
        }, 60_000);
      } finally {
        for (const relay of relays) await relay.stop();
      }
      const received = await readAll('t.property', 300);
      expect(received.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      for (let k = 0; k < 7; k++) {
        const ns = received.filter((e) => e.key === `p${k}`).map((e) => (e.payload as { n: number }).n);
        expect(ns).toEqual([...ns].sort((a, b) => a - b));
      }
    });
  });
});
