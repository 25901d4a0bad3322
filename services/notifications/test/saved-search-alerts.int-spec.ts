import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEvent } from '@manzil/bus';
import { savedSearchMatchedV1, TOPICS, type SavedSearchMatch, type Site } from '@manzil/contracts';
import { expectEventually } from '@manzil/testing';
import { NotificationsHarness } from './harness.js';

describe('notifications: saved-search.matched into the customer’s notifications (issue 14 item 8)', () => {
  const h = new NotificationsHarness({
    namespace: 'notifications-saved-search',
    database: 'notifications_saved_search',
    busClientId: 'notifications-saved-search-test',
    sandbox: false,
  });

  beforeAll(async () => {
    await h.start();
  }, 60_000);

  afterAll(async () => {
    await h.close();
  });

  const match = (overrides: Partial<SavedSearchMatch> = {}): SavedSearchMatch => ({
    listingId: randomUUID(),
    slug: 'marina-flat',
    title: { en: 'Marina flat', ar: 'شقة المارينا' },
    reason: 'new',
    price: 2_000_000,
    previousPrice: null,
    matchedAt: new Date().toISOString(),
    ...overrides,
  });
  const matched = (
    site: Site,
    customerId: string,
    matches: SavedSearchMatch[],
    frequency: 'instant' | 'daily',
  ) => {
    const savedSearchId = randomUUID();
    return newEvent(savedSearchMatchedV1, site, savedSearchId, {
      savedSearchId,
      customerId,
      name: 'Two beds',
      frequency,
      link: '/buy/properties-for-sale?beds=2',
      matches,
    });
  };

  it('tells the customer of a new listing once, in both languages, however often the event comes', async () => {
    const customer = randomUUID();
    const event = matched('ae', customer, [match()], 'instant');
    await h.bus.publish(TOPICS.searchSavedSearch, event);
    await h.bus.publish(TOPICS.searchSavedSearch, event);
    await expectEventually(async () => expect((await h.inbox('ae', customer)).total).toBe(1), {
      timeoutMs: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { items, total } = await h.inbox('ae', customer);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      kind: 'saved-search.matched',
      title: 'New listing for your search “Two beds”',
      body: 'Marina flat matches your saved search.',
      link: '/property/marina-flat',
    });
    const [ar] = (await h.inbox('ae', customer, 'ar')).items;
    expect(ar.title).toContain('عقار جديد في بحثك');
    expect(ar.body).toContain('شقة المارينا');
    // Not on the other site.
    expect((await h.inbox('sa', customer)).total).toBe(0);
  });

  it('tells of a price drop, and of a daily digest with its count and the search’s link', async () => {
    const customer = randomUUID();
    await h.bus.publish(
      TOPICS.searchSavedSearch,
      matched(
        'sa',
        customer,
        [match({ reason: 'priceDrop', price: 1_800_000, previousPrice: 2_000_000 })],
        'instant',
      ),
    );
    await h.bus.publish(
      TOPICS.searchSavedSearch,
      matched('sa', customer, [match(), match(), match()], 'daily'),
    );
    await expectEventually(async () => expect((await h.inbox('sa', customer)).total).toBe(2), {
      timeoutMs: 15_000,
    });
    const titles = (await h.inbox('sa', customer)).items.map((n) => [n.title, n.body, n.link]);
    expect(titles).toEqual(
      expect.arrayContaining([
        ['Price drop for your search “Two beds”', 'Marina flat is now cheaper.', '/property/marina-flat'],
        [
          'Your daily update for “Two beds”',
          'New or cheaper listings matching your saved search: 3.',
          '/buy/properties-for-sale?beds=2',
        ],
      ]),
    );
  });
});
