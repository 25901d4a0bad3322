import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ARABIC_LISTING_PAGES, LISTING_PAGES, type Language, type SearchHit } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { HomePage } from '../pages/home-page.js';
import { ListingPage } from '../pages/listing-page.js';
import { PropertyPage } from '../property/property-page.js';
import { NO_FACETS, notFound, ok, propertyDetail, searchHit } from './test-fixtures.js';

// A form submit and a route change take a few renders: on a busy machine more than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

/** Where the app is: path (decoded) and query. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${decodeURI(location.pathname)}${location.search}`}</output>;
}
const where = () => screen.getByTestId('where').textContent ?? '';
const whereUrl = () => new URL(where(), 'http://ae.localhost');

type Answer = (url: URL) => Response;

/** A fake of the outside world for the page: each path prefix answers with its function; the rest is 404. */
function api(answers: Record<string, Answer>) {
  const mock = jest.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://ae.localhost');
    const match = Object.entries(answers).find(([prefix]) => url.pathname.startsWith(prefix));
    return match ? match[1](url) : notFound();
  });
  globalThis.fetch = mock;
  const calls = (prefix: string) =>
    mock.mock.calls
      .map(([input]) => new URL(String(input), 'http://ae.localhost'))
      .filter((url) => url.pathname.startsWith(prefix));
  return { mock, calls };
}

function renderAt(path: string, language: Language, site: 'ae' | 'sa' = 'ae') {
  const listing = language === 'ar' ? ARABIC_LISTING_PAGES : LISTING_PAGES;
  render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site={site}>
          <Routes>
            <Route path="/" element={<HomePage site={site} />} />
            {(['buy', 'rent', 'commercial-buy', 'commercial-rent'] as const).map((type) => (
              <Route
                key={type}
                path={listing[type]}
                element={<ListingPage propertyType={type} site={site} />}
              />
            ))}
            <Route path="/property/:slug" element={<PropertyPage site={site} />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

/** A search service over `hits`: pages of `limit`, facet counts on the first. */
function searchOver(hits: SearchHit[]) {
  return (url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return ok({
      items: hits.slice((page - 1) * limit, page * limit),
      page,
      limit,
      total: hits.length,
      facets:
        url.searchParams.get('facets') === 'false'
          ? null
          : { ...NO_FACETS, bedrooms: [{ value: 2, count: hits.length }] },
    });
  };
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('home search', () => {
  it('goes to the commercial rent page with every chosen filter, Arabic-Indic price included (ar)', async () => {
    api({});
    renderAt('/', 'ar');
    const buy = screen.getByRole('tab', { name: 'شراء' });
    buy.focus();
    // In Arabic the next tab is to the left.
    fireEvent.keyDown(buy, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'إيجار' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('search-commercial'));
    fireEvent.click(screen.getByTestId('search-bedrooms-0'));
    fireEvent.click(screen.getByTestId('search-bedrooms-2'));
    fireEvent.change(screen.getByTestId('search-minPrice'), { target: { value: '١٢٠٬٠٠٠' } });
    fireEvent.change(screen.getByTestId('search-kind'), { target: { value: 'office' } });
    fireEvent.click(screen.getByTestId('home-search-submit'));
    await waitFor(() => expect(whereUrl().pathname).toBe(encodeURI(ARABIC_LISTING_PAGES['commercial-rent'])));
    expect(Object.fromEntries(whereUrl().searchParams)).toEqual({
      type: 'office',
      beds: '0,2',
      minPrice: '120000',
    });
  });

  it('says a price is not a number, in the page language, and stays', async () => {
    api({});
    renderAt('/', 'en');
    fireEvent.change(screen.getByTestId('search-maxPrice'), { target: { value: '12abc' } });
    fireEvent.click(screen.getByTestId('home-search-submit'));
    expect((await screen.findByTestId('search-maxPrice-error')).textContent).toBe('Please enter a number.');
    expect(where()).toBe('/');
    expect((screen.getByTestId('search-maxPrice') as HTMLInputElement).value).toBe('12abc');
  });

  it('says an amount is wrong once its box is left, then as it is typed, and focuses it on submit', async () => {
    api({});
    renderAt('/', 'en');
    const min = screen.getByTestId('search-minPrice');
    fireEvent.change(min, { target: { value: '5x' } });
    // Not while it is being typed the first time.
    expect(screen.queryByTestId('search-minPrice-error')).toBeNull();
    fireEvent.blur(min);
    expect(screen.getByTestId('search-minPrice-error').textContent).toBe('Please enter a number.');
    fireEvent.change(min, { target: { value: '5' } });
    expect(screen.queryByTestId('search-minPrice-error')).toBeNull();
    // A box never left shows its error on submit, and gets the focus.
    fireEvent.change(screen.getByTestId('search-maxPrice'), { target: { value: '1' } });
    expect(screen.queryByTestId('search-maxPrice-error')).toBeNull();
    fireEvent.click(screen.getByTestId('home-search-submit'));
    expect((await screen.findByTestId('search-maxPrice-error')).textContent).toBe(
      'The maximum must not be below the minimum.',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('search-maxPrice')));
    expect(where()).toBe('/');
  });

  it('refuses a minimum price above the maximum (ar)', async () => {
    api({});
    renderAt('/', 'ar');
    fireEvent.change(screen.getByTestId('search-minPrice'), { target: { value: '٩٠٠' } });
    fireEvent.change(screen.getByTestId('search-maxPrice'), { target: { value: '١٠٠' } });
    fireEvent.click(screen.getByTestId('home-search-submit'));
    expect((await screen.findByTestId('search-maxPrice-error')).textContent).toBe(
      'يجب ألا يقل الحد الأقصى عن الحد الأدنى.',
    );
    expect(where()).toBe('/');
  });

  it('picks a place from the autocomplete and opens the map with the same filters', async () => {
    const { calls } = api({
      '/api/search/v1/locations/autocomplete': () =>
        ok({
          items: [
            {
              id: 'ae.dubai.dubai-marina',
              level: 'community',
              name: { en: 'Dubai Marina', ar: 'دبي مارينا' },
              path: { en: 'Dubai Marina, Dubai', ar: 'دبي مارينا، دبي' },
              parentId: 'ae.dubai',
              count: 12,
              centre: null,
            },
          ],
          page: 1,
          limit: 8,
          total: 1,
        }),
    });
    renderAt('/', 'en');
    const input = screen.getByTestId('location-input');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'marina' } });
    const option = await screen.findByTestId('location-option');
    expect(option.textContent).toContain('Dubai Marina, Dubai');
    expect(calls('/api/search/v1/locations/autocomplete')[0]?.searchParams.get('q')).toBe('marina');
    fireEvent.mouseDown(option);
    expect(screen.getByTestId('location-chip').textContent).toContain('Dubai Marina');
    const map = new URL(screen.getByTestId('search-map').getAttribute('href')!, 'http://ae.localhost');
    expect(map.pathname).toBe('/map-search');
    expect(map.searchParams.get('propertyType')).toBe('buy');
    expect(JSON.parse(map.searchParams.get('locationSelected')!)).toEqual([
      { id: 'ae.dubai.dubai-marina', name: 'Dubai Marina', type: 'community' },
    ]);
  });
});

describe('listing page filters', () => {
  it('asks the search API for the filters in the URL and shows them in the form', async () => {
    const { calls } = api({ '/api/search/v1/properties': searchOver([searchHit(1)]) });
    renderAt(
      `${LISTING_PAGES.buy}?type=villa&beds=0,2&baths=7&minPrice=500000&furnishing=furnished&keywords=sea&sort=price-desc`,
      'en',
    );
    await screen.findAllByTestId('property-card');
    const query = Object.fromEntries(calls('/api/search/v1/properties')[0]!.searchParams);
    expect(query).toMatchObject({
      propertyType: 'buy',
      kind: 'villa',
      bedrooms: '0,2',
      bathrooms: '7,8,9,10,11,12,13,14,15,16,17,18,19,20',
      priceMin: '500000',
      furnishing: 'furnished',
      q: 'sea',
      sort: 'price-desc',
      page: '1',
    });
    expect((screen.getByTestId('search-kind') as HTMLSelectElement).value).toBe('villa');
    expect(screen.getByTestId('search-bedrooms-2').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('listing-sort') as HTMLSelectElement).value).toBe('price-desc');
  });

  it("honours the footer's propertyType, type and locationSelected, resolving the place's slug", async () => {
    const { calls } = api({
      '/api/search/v1/locations/autocomplete': () =>
        ok({
          items: [
            {
              id: 'ae.dubai',
              level: 'city',
              name: { en: 'Dubai', ar: 'دبي' },
              path: { en: 'Dubai', ar: 'دبي' },
              parentId: null,
              count: 40,
              centre: null,
            },
          ],
          page: 1,
          limit: 8,
          total: 1,
        }),
      '/api/search/v1/properties': searchOver([searchHit(1, 'rent')]),
    });
    const footer = new URLSearchParams({
      propertyType: 'rent',
      type: 'apartment',
      locationSelected: JSON.stringify([{ id: 'dubai', name: 'Dubai', type: 'city' }]),
    });
    renderAt(`${LISTING_PAGES.rent}?${footer.toString()}`, 'en');
    await screen.findAllByTestId('property-card');
    const search = calls('/api/search/v1/properties');
    expect(search).toHaveLength(1);
    expect(search[0]!.searchParams.get('locationId')).toBe('ae.dubai');
    expect(search[0]!.searchParams.get('kind')).toBe('apartment');
    // The link is left as it came: shared again, it is the same search.
    expect(whereUrl().search).toBe(`?${footer.toString()}`);
    expect(screen.getByTestId('location-chip').textContent).toContain('Dubai');
  });

  it('sorts by putting the order in the URL, keeping the other parameters', async () => {
    const { calls } = api({ '/api/search/v1/properties': searchOver([searchHit(1), searchHit(2)]) });
    renderAt(`${LISTING_PAGES.buy}?type=villa&propertyType=buy`, 'en');
    await screen.findAllByTestId('property-card');
    fireEvent.change(screen.getByTestId('listing-sort'), { target: { value: 'area' } });
    await waitFor(() => expect(whereUrl().searchParams.get('sort')).toBe('area'));
    expect(whereUrl().searchParams.get('type')).toBe('villa');
    expect(whereUrl().searchParams.get('propertyType')).toBe('buy');
    await waitFor(() =>
      expect(calls('/api/search/v1/properties').at(-1)!.searchParams.get('sort')).toBe('area'),
    );
  });

  it('loads more of the same search, without asking for facets again', async () => {
    const hits = Array.from({ length: 23 }, (_, i) => searchHit(i + 1));
    const { calls } = api({ '/api/search/v1/properties': searchOver(hits) });
    renderAt(`${LISTING_PAGES.buy}?beds=2`, 'en');
    expect((await screen.findAllByTestId('property-card')).length).toBe(20);
    expect(screen.getByTestId('result-count').textContent).toBe('23 properties');
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('property-card').length).toBe(23));
    const second = calls('/api/search/v1/properties')[1]!.searchParams;
    expect(second.get('page')).toBe('2');
    expect(second.get('bedrooms')).toBe('2');
    expect(second.get('facets')).toBe('false');
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('shows facet counts that refine the search in the URL', async () => {
    api({ '/api/search/v1/properties': searchOver([searchHit(1), searchHit(2)]) });
    renderAt(LISTING_PAGES.buy, 'en');
    const facet = await screen.findByTestId('facet-bedrooms-2');
    expect(facet.textContent).toBe('2 beds (2)');
    fireEvent.click(facet);
    await waitFor(() => expect(whereUrl().searchParams.get('beds')).toBe('2'));
  });

  it.each([
    ['en', 'No Record Found', 'Clear filters'],
    ['ar', 'لم يتم العثور على أي سجل', 'مسح الخيارات'],
  ] as const)(
    'says No Record Found when filters match nothing, with a way back (%s)',
    async (language, title, clear) => {
      api({ '/api/search/v1/properties': searchOver([]) });
      const path = language === 'ar' ? ARABIC_LISTING_PAGES.buy : LISTING_PAGES.buy;
      renderAt(`${path}?beds=11&sort=price-asc`, language);
      const empty = await screen.findByTestId('listing-no-record');
      expect(empty.textContent).toContain(title);
      const link = screen.getByTestId('clear-filters');
      expect(link.textContent).toBe(clear);
      fireEvent.click(link);
      await waitFor(() => expect(whereUrl().search).toBe('?sort=price-asc'));
    },
  );
});

describe('property page', () => {
  it('shows a rent with its period, the area in m² and the facts in the vocabularies (en, sa)', async () => {
    const hit = searchHit(7, 'rent', {
      site: 'sa',
      currency: 'SAR',
      areaUnit: 'sqm',
      area: 1234.567,
      displayPrice: { amount: 8500.456, period: 'monthly' },
    });
    api({ '/api/search/v1/properties/apartment-7': () => ok(propertyDetail(hit)) });
    renderAt('/property/apartment-7', 'en', 'sa');
    expect((await screen.findByTestId('property-title')).textContent).toBe('Apartment 7 in Dubai Marina');
    expect(screen.getByTestId('property-price').textContent).toBe('SAR 8,500.46 / month');
    expect(screen.getByTestId('property-area').textContent).toBe('1,234.57 m²');
    expect(screen.getByTestId('fact-furnishing').textContent).toBe('FurnishingSemi furnished');
    expect(screen.getByTestId('fact-occupancy').textContent).toBe('OccupancyVacant');
    const jsonLd = JSON.parse(
      document.head.querySelector('script[type="application/ld+json"]')!.textContent!,
    );
    expect(jsonLd).toMatchObject({
      '@type': 'RealEstateListing',
      name: 'Apartment 7 in Dubai Marina',
      url: 'http://localhost/property/apartment-7',
      offers: { price: 8500.456, priceCurrency: 'SAR' },
    });
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'http://localhost/property/apartment-7?lang=en',
    );
  });

  it('writes the area in the Arabic unit and the price after the number (ar)', async () => {
    const hit = searchHit(8, 'buy', { site: 'sa', currency: 'SAR', areaUnit: 'sqm', area: 250 });
    api({ '/api/search/v1/properties/apartment-8': () => ok(propertyDetail(hit)) });
    renderAt('/property/apartment-8', 'ar', 'sa');
    expect((await screen.findByTestId('property-title')).textContent).toBe('شقة 8 في دبي مارينا');
    expect(screen.getByTestId('property-area').textContent).toContain('م²');
    expect(screen.getByTestId('property-price').textContent).toContain('1,000,008');
    expect(screen.getByTestId('fact-kind').textContent).toContain('شقة');
    // The listing can be reported from its page (the dialog asks a visitor to sign in first).
    expect(screen.getByTestId('report-listing').textContent).toBe(
      (ar as Record<string, string>)['customer.report.open'],
    );
  });

  it('says No Record Found for a listing that is gone', async () => {
    api({});
    renderAt('/property/sold-last-week', 'en');
    expect((await screen.findByTestId('property-not-found')).textContent).toContain('No Record Found');
  });
});
