import { afterAll } from '@jest/globals';
import { RedisStreamsEventBus } from '../src/index.js';
import { runBusContract } from './bus-contract.js';
import { deleteNamespace, FAST_RETRY, randomName, REDIS_URL } from './helpers.js';

const namespace = randomName('bustest');

afterAll(() => deleteNamespace(namespace));

runBusContract(
  'Redis Streams',
  () => new RedisStreamsEventBus({ clientId: 'contract', redisUrl: REDIS_URL, namespace, retry: FAST_RETRY }),
);
