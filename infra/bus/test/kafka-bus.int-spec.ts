import { describe, it } from '@jest/globals';
import { KafkaEventBus } from '../src/index.js';
import { runBusContract } from './bus-contract.js';
import { randomName } from './helpers.js';

const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter((b) => b.trim() !== '');

if (brokers.length > 0) {
  const namespace = randomName('bustest');
  runBusContract('Kafka', () => new KafkaEventBus({ clientId: 'contract', brokers, namespace }), {
    // Group joins and rebalances take seconds on Kafka.
    timeoutMs: 30_000,
  });
} else {
  describe.skip('EventBus contract: Kafka (skipped: KAFKA_BROKERS is not set, no broker on this machine)', () => {
    it('runs the contract suite against Kafka', () => undefined);
  });
}
