import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { describeWithEngine } from '@manzil/bus/test/engine-suite';
import { OpenSearchSearchEngine } from '../src/engines/opensearch-search-engine.js';
import { engineContract } from './engine-contract.js';

// The OpenSearch node the test run starts (scripts/engines.mjs) or OPENSEARCH_URL: the same
// contract as the Postgres engine. Its writes need no transaction of ours.
describeWithEngine('opensearch', 'search on OpenSearch', (url) => {
  engineContract('OpenSearch', async () => {
    const engine = await OpenSearchSearchEngine.connect(url, `test-search-${randomBytes(4).toString('hex')}`);
    return {
      engine,
      write: (fn) => fn(undefined as unknown as EntityManager),
      close: () => engine.drop(),
    };
  });
});
