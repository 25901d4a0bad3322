import { ARABIC_LISTING_PAGES } from '@manzil/contracts';
import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PropertySummary, PropertyTypeSlug } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { ListingPage } from './listing-page.js';

function listing(n: number, propertyType: PropertyTypeSlug = 'buy'): PropertySummary {
  return {
    id: `5b1f6a2e-0c3d-4e8a-9f21-${String(n).padStart(12, '0')}`,
    site: 'ae',
    slug: `apartment-${n}`,
    title: { en: `Apartment ${n} in Dubai Marina`, ar: `شقة ${n} في دبي مارينا` },
    propertyType,
    kind: 'apartment',
    price: 1_000_000 + n,
    currency: 'AED',
    bedrooms: n % 3,
    bathrooms: 2,
    area: 900,
    areaUnit: 'sqft',
    city: { en: 'Dubai', ar: 'دبي' },
    community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
    latitude: 25.08,
    longitude: 55.14,
    coverPhoto: `/photos/${n}.jpg`,
    agreementType: 'exclusive',
    agentName: 'Sara',
    approvedAt: '2026-10-01T00:00:00.000Z',
  };
}

/** A search service of `total` listings, answering pages of `limit`. */
function searchService(total: number) {
  const all = Array.from({ length: total }, (_, i) => listing(i + 1));
  const mock = jest.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://ae.localhost');
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const results = { items: all.slice((page - 1) * limit, page * limit), page, limit, total };
    return {
      status: 200,
      ok: true,
      statusText: 'OK',
      json: async () => ({ status: 200, success: true, message: 'OK', results }),
    } as Response;
  });
  globalThis.fetch = mock;
  return mock;
}

function renderPage(language: 'en' | 'ar', propertyType: PropertyTypeSlug = 'buy') {
  const client = testQueryClient();
  const page = (type: PropertyTypeSlug) => (
    <WithQueryClient client={client}>
      <MemoryRouter>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <ListingPage propertyType={type} site="ae" />
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>
  );
  const view = render(page(propertyType));
  return { ...view, switchTo: (type: PropertyTypeSlug) => view.rerender(page(type)) };
}

const ok = (results: unknown) =>
  ({
    status: 200,
    ok: true,
    statusText: 'OK',
    json: async () => ({ status: 200, success: true, message: 'OK', results }),
  }) as Response;

const listingPathAr = ARABIC_LISTING_PAGES.buy;

describe('listing page', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('shows skeletons, then 20 cards, the count and load more, then the rest', async () => {
    const mock = searchService(26);
    renderPage('en');
    expect(screen.getAllByTestId('property-card-skeleton').length).toBeGreaterThan(0);
    expect((await screen.findAllByTestId('property-card')).length).toBe(20);
    expect(String(mock.mock.calls[0][0])).toBe('/api/search/v1/properties?propertyType=buy&page=1&limit=20');
    expect(screen.getByTestId('listing-heading').textContent).toBe('Properties for sale in the UAE');
    expect(screen.getByTestId('result-count').textContent).toBe('26 properties');
    fireEvent.click(screen.getByTestId('load-more'));
    await screen.findByText('Apartment 26 in Dubai Marina');
    expect(screen.getAllByTestId('property-card').length).toBe(26);
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('shows the empty state in Arabic with a way forward', async () => {
    searchService(0);
    renderPage('ar');
    const empty = await screen.findByTestId('listing-empty');
    expect(empty.textContent).toContain('لا توجد بيانات');
    expect(empty.querySelector('a')?.getAttribute('href')).toBe('/ايجار/عقارات-للايجار');
    expect(screen.getByTestId('listing-heading').textContent).toBe('عقارات للبيع في الإمارات');
  });

  it('names the page for search engines, with both languages as alternates', async () => {
    searchService(0);
    renderPage('ar');
    await screen.findByTestId('listing-empty');
    expect(document.title).toContain('عقارات للبيع في الإمارات');
    const alternate = (lang: string) =>
      document.head.querySelector(`link[rel="alternate"][hreflang="${lang}"]`)?.getAttribute('href');
    expect(decodeURI(new URL(alternate('en')!).pathname)).toBe('/buy/properties-for-sale');
    expect(decodeURI(new URL(alternate('ar')!).pathname)).toBe(listingPathAr);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      'الإمارات',
    );
  });

  it('offers to try again when the search fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn<typeof fetch>(async () => {
      throw new TypeError('network down');
    });
    renderPage('en');
    expect((await screen.findByTestId('listing-error')).textContent).toContain('Something went wrong');
    searchService(3);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findAllByTestId('property-card')).length).toBe(3);
  });

  it('switching to rent while buy page 2 loads cancels it and never appends buy listings', async () => {
    const buy = Array.from({ length: 26 }, (_, i) => listing(i + 1, 'buy'));
    const rent = Array.from({ length: 3 }, (_, i) => listing(100 + i, 'rent'));
    let releaseBuyPage2: () => void = () => undefined;
    let buyPage2Signal: AbortSignal | null | undefined;
    globalThis.fetch = jest.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://ae.localhost');
      const type = url.searchParams.get('propertyType');
      const page = Number(url.searchParams.get('page'));
      if (type === 'rent') return ok({ items: rent, page: 1, limit: 20, total: 3 });
      if (page === 1) return ok({ items: buy.slice(0, 20), page: 1, limit: 20, total: 26 });
      buyPage2Signal = init?.signal;
      // The answer arrives late, after the visitor moved on (a real fetch would be aborted).
      await new Promise<void>((resolve) => {
        releaseBuyPage2 = resolve;
      });
      return ok({ items: buy.slice(20), page: 2, limit: 20, total: 26 });
    });
    const view = renderPage('en');
    expect((await screen.findAllByTestId('property-card')).length).toBe(20);
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(releaseBuyPage2).not.toBe(undefined));
    view.switchTo('rent');
    await waitFor(() => expect(screen.getAllByTestId('property-card').length).toBe(3));
    await act(async () => releaseBuyPage2());
    expect(screen.getAllByTestId('property-card').length).toBe(3);
    expect(screen.queryByText('Apartment 21 in Dubai Marina')).toBeNull();
    expect(screen.getByTestId('result-count').textContent).toBe('3 properties');
    expect(buyPage2Signal?.aborted).toBe(true);
  });

  it('says so when loading more fails, keeps what was shown, and tries again', async () => {
    const all = Array.from({ length: 26 }, (_, i) => listing(i + 1));
    let failNext = true;
    globalThis.fetch = jest.fn<typeof fetch>(async (input) => {
      const page = Number(new URL(String(input), 'http://ae.localhost').searchParams.get('page'));
      if (page === 2 && failNext) {
        failNext = false;
        throw new TypeError('network down');
      }
      return ok({ items: all.slice((page - 1) * 20, page * 20), page, limit: 20, total: 26 });
    });
    renderPage('en');
    expect((await screen.findAllByTestId('property-card')).length).toBe(20);
    fireEvent.click(screen.getByTestId('load-more'));
    expect((await screen.findByTestId('load-more-error')).textContent).toContain('could not load more');
    expect(screen.getAllByTestId('property-card').length).toBe(20);
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('property-card').length).toBe(26));
    expect(screen.queryByTestId('load-more-error')).toBeNull();
  });
});
