/**
 * Smoke test of the OpenSearch node the tests get (scripts/engines.mjs: the integ-test zip
 * from Maven Central plus the analysis-common and geo modules, or OPENSEARCH_URL): what the
 * search engine of the search service will rely on is there and behaves.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client } from '@opensearch-project/opensearch';
import { describeWithEngine } from '@manzil/bus/test/engine-suite';

describeWithEngine('opensearch', 'OpenSearch engine', (address) => {
  const url = address;
  jest.setTimeout(30_000);
  const client = new Client({ node: url });
  const index = `smoke_${randomBytes(4).toString('hex')}`;

  describe('OpenSearch engine (smoke)', () => {
    beforeAll(async () => {
      await client.indices.create({
        index,
        body: {
          settings: { number_of_shards: 1, number_of_replicas: 0 },
          mappings: {
            properties: {
              title: { type: 'text', analyzer: 'arabic' },
              location: { type: 'geo_point' },
            },
          },
        },
      });
      const docs = [
        { title: 'شقة مفروشة في دبي مارينا', location: { lat: 25.0805, lon: 55.1403 } },
        { title: 'فيلا واسعة في نخلة جميرا', location: { lat: 25.1124, lon: 55.139 } },
        { title: 'الشقق المفروشة في الرياض', location: { lat: 24.7136, lon: 46.6753 } },
      ];
      await client.bulk({
        refresh: true,
        body: docs.flatMap((doc, i) => [{ index: { _index: index, _id: String(i + 1) } }, doc]),
      });
    });

    afterAll(async () => {
      await client.indices.delete({ index }).catch(() => undefined);
      await client.close();
    });

    it('is green or yellow', async () => {
      const { body } = await client.cluster.health();
      expect(['green', 'yellow']).toContain(body.status);
    });

    it('has the arabic analyzer: the article goes and the word is stemmed', async () => {
      const { body } = await client.indices.analyze({
        body: { analyzer: 'arabic', text: 'الشقق المفروشة' },
      });
      expect(body.tokens?.map((t) => t.token)).toEqual(['شقق', 'مفروش']);
    });

    it('finds a document by another form of its Arabic word', async () => {
      // "المفروشة" (with the article) in one title, "مفروشة" in another: both match.
      const { body } = await client.search({
        index,
        body: { query: { match: { title: 'المفروشه' } } },
      });
      expect(body.hits.hits.map((h) => h._id).sort()).toEqual(['1', '3']);
    });

    it('has geohash_grid over a geo_point: Dubai and Riyadh fall into two cells', async () => {
      const { body } = await client.search({
        index,
        body: { size: 0, aggs: { cells: { geohash_grid: { field: 'location', precision: 3 } } } },
      });
      const buckets = (body.aggregations?.cells as { buckets: { key: string; doc_count: number }[] }).buckets;
      expect(buckets.map((b) => b.doc_count).sort()).toEqual([1, 2]);
      expect(buckets.every((b) => b.key.length === 3)).toBe(true);
    });
  });
});
