import { ARABIC_LISTING_PAGES } from '@manzil/contracts';
import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PropertyTypeSlug } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { NO_FACETS, ok as okResponse, searchHit } from '../search/test-fixtures.js';
import { ListingPage } from './listing-page.js';

const ok = (results: Record<string, unknown>) => okResponse({ facets: NO_FACETS, ...results });

const listing = (n: number, propertyType: PropertyTypeSlug = 'buy') => searchHit(n, propertyType);

/** A search service of `total` listings, answering pages of `limit`. */
function searchService(total: number) {
  const all = Array.from({ length: total }, (_, i) => listing(i + 1));
  const mock = jest.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://ae.localhost');
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return ok({ items: all.slice((page - 1) * limit, page * limit), page, limit, total });
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
    expect(String(mock.mock.calls[0][0])).toBe(
      '/api/search/v1/properties?propertyType=buy&sort=newest&page=1&limit=20',
    );
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
