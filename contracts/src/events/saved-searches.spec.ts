import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { createSavedSearchRequestSchema, updateSavedSearchRequestSchema } from '../saved-searches.js';
import { topicOfEvent } from './event-topics.js';
import { savedSearchMatchedV1 } from './saved-searches.js';
import { TOPICS, TOPIC_LIST } from './topics.js';

const matched = () => ({
  savedSearchId: randomUUID(),
  customerId: randomUUID(),
  name: 'Two beds',
  frequency: 'instant' as const,
  link: '/buy/properties-for-sale?beds=2',
  matches: [
    {
      listingId: randomUUID(),
      slug: 'marina-flat',
      title: { en: 'Marina flat', ar: 'شقة المارينا' },
      reason: 'priceDrop' as const,
      price: 1_800_000,
      previousPrice: 2_000_000,
      matchedAt: new Date().toISOString(),
    },
  ],
});

describe('saved-search.matched v1 (contract)', () => {
  it('is published on search.saved-search, a declared topic', () => {
    expect(savedSearchMatchedV1.version).toBe(1);
    expect(topicOfEvent(savedSearchMatchedV1.type)).toBe(TOPICS.searchSavedSearch);
    expect(TOPICS.searchSavedSearch).toBe('search.saved-search');
    expect(TOPIC_LIST.map((t) => t.name)).toEqual(
      expect.arrayContaining(['search.saved-search', 'search.saved-search.dlq']),
    );
  });

  it('names the saved search, its customer, its link and at least one match', () => {
    const payload = matched();
    expect(savedSearchMatchedV1.payload.parse(payload)).toEqual(payload);
    expect(savedSearchMatchedV1.payload.safeParse({ ...payload, matches: [] }).success).toBe(false);
    expect(savedSearchMatchedV1.payload.safeParse({ ...payload, frequency: 'weekly' }).success).toBe(false);
    expect(
      savedSearchMatchedV1.payload.safeParse({
        ...payload,
        matches: [{ ...payload.matches[0], reason: 'sold' }],
      }).success,
    ).toBe(false);
  });
});

describe('saved search requests', () => {
  it('takes the listing page’s filters as the search API reads them, and a link of the site', () => {
    const parsed = createSavedSearchRequestSchema.parse({
      name: '  Two   beds ',
      link: '/buy/properties-for-sale?beds=2',
      filters: { propertyType: 'buy', bedrooms: '2,3', priceMax: '٢٠٠٠٠٠٠', sort: 'newest' },
    });
    expect(parsed).toEqual({
      name: 'Two beds',
      frequency: 'instant',
      link: '/buy/properties-for-sale?beds=2',
      filters: { propertyType: 'buy', bedrooms: [2, 3], priceMax: 2_000_000 },
    });
    for (const link of ['https://evil.example/', '//evil.example/x', 'buy']) {
      expect(createSavedSearchRequestSchema.safeParse({ ...parsed, link }).success).toBe(false);
    }
  });

  it('changes a name or a frequency, one at least', () => {
    expect(updateSavedSearchRequestSchema.safeParse({}).success).toBe(false);
    expect(updateSavedSearchRequestSchema.parse({ frequency: 'daily' })).toEqual({ frequency: 'daily' });
  });
});
