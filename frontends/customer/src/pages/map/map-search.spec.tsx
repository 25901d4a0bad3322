import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MAP_PIN_ZOOM, SITE_FACTS, searchHitSchema, type SearchHit } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import { propertySummary } from '@manzil/ui/test/fixtures';
import ar from '../../i18n/ar.json' with { type: 'json' };
import en from '../../i18n/en.json' with { type: 'json' };
import {
  inBounds,
  mapModeFor,
  propertyTypeFromParam,
  mergeOverlapping,
  roundView,
  siteMapView,
  viewQuery,
} from './map-logic.js';
import { clustersQuery, mapListQuery, pinsQuery } from './map-queries.js';
import { MapResultsList } from './map-results-list.js';

function hit(n: number, exactLocation = true): SearchHit {
  return searchHitSchema.parse({
    ...propertySummary({
      id: `5b1f6a2e-0c3d-4e8a-9f21-${String(n).padStart(12, '0')}`,
      slug: `marina-flat-${n}`,
      title: { en: `Flat ${n} in Dubai Marina`, ar: `شقة ${n} في دبي مارينا` },
      propertyType: 'rent',
      price: 120_000,
      bedrooms: n % 2,
      area: 900,
      coverPhoto: '',
      agentName: 'Sara Nasser',
    }),
    purpose: 'rent',
    commercial: false,
    displayPrice: { amount: 120_000, period: 'yearly' },
    location: { city: null, community: null, subCommunity: null, building: null },
    subTitle: null,
    furnishing: null,
    marketStatus: null,
    amenities: [],
    badge: 'GOLD',
    photos: [],
    photoCount: 0,
    hasVideo: false,
    hasTour: false,
    agent: { id: null, name: 'Sara Nasser' },
    company: null,
    exactLocation,
  });
}

function renderList(language: 'en' | 'ar', hits: SearchHit[], activeId: string | null = null) {
  const onActivate = jest.fn<(id: string | null) => void>();
  render(
    <MemoryRouter>
      <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site="ae">
        <MapResultsList hits={hits} activeId={activeId} onActivate={onActivate} />
      </LanguageProvider>
    </MemoryRouter>,
  );
  return onActivate;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('map view logic', () => {
  it('opens each site on its spec §9 bounds, kept near them', () => {
    for (const site of ['ae', 'sa'] as const) {
      const { mapBounds, mapCentre } = SITE_FACTS[site];
      const view = siteMapView(site);
      expect(view.bounds).toEqual([
        [mapBounds.south, mapBounds.west],
        [mapBounds.north, mapBounds.east],
      ]);
      expect(view.centre).toEqual([mapCentre.lat, mapCentre.lng]);
      expect(view.maxBounds[0][0]).toBeLessThan(mapBounds.south);
      expect(view.maxBounds[1][1]).toBeGreaterThan(mapBounds.east);
    }
  });

  it('shows clusters zoomed out and pins from the pins zoom on', () => {
    expect(mapModeFor(6)).toBe('clusters');
    expect(mapModeFor(MAP_PIN_ZOOM - 1)).toBe('clusters');
    expect(mapModeFor(MAP_PIN_ZOOM)).toBe('pins');
    expect(mapModeFor(17)).toBe('pins');
  });

  it('rounds a viewport outward (it still covers what is seen) and a pan of a few pixels keeps the same box', () => {
    const seen = { north: 25.1234567, south: 25.0512345, east: 55.2234567, west: 55.1012345 };
    const rounded = roundView(seen, 13).bounds;
    expect(rounded.north).toBeGreaterThanOrEqual(seen.north);
    expect(rounded.south).toBeLessThanOrEqual(seen.south);
    expect(rounded.east).toBeGreaterThanOrEqual(seen.east);
    expect(rounded.west).toBeLessThanOrEqual(seen.west);
    const nudged = {
      north: seen.north + 0.00001,
      south: seen.south + 0.00001,
      east: seen.east,
      west: seen.west,
    };
    expect(roundView(nudged, 13).bounds).toEqual(rounded);
    // A pan of a whole view is a new box.
    const moved = { ...seen, east: seen.east + 0.12, west: seen.west + 0.12 };
    expect(roundView(moved, 13).bounds).not.toEqual(rounded);
    // A fractional zoom (a fly to a box) is asked as a whole level.
    expect(roundView(seen, 7.613).zoom).toBe(8);
    // Never past the poles or the antimeridian.
    expect(
      roundView({ north: 89.99999, south: -89.99999, east: 179.99999, west: -179.99999 }, 0).bounds,
    ).toEqual({
      north: 90,
      south: -90,
      east: 180,
      west: -180,
    });
  });

  it('reads the listing type from the URL, buy when absent or unknown', () => {
    expect(propertyTypeFromParam('rent')).toBe('rent');
    expect(propertyTypeFromParam('commercial-rent')).toBe('commercial-rent');
    expect(propertyTypeFromParam('villa')).toBe('buy');
    expect(propertyTypeFromParam(null)).toBe('buy');
    expect(inBounds(roundView(SITE_FACTS.ae.mapBounds, 6).bounds, 25.2048, 55.2708)).toBe(true);
    expect(inBounds(SITE_FACTS.ae.mapBounds, 24.7136, 46.6753)).toBe(false);
  });
});

describe('clusters on screen', () => {
  const cell = (key: string, count: number, lat: number, lng: number) => ({
    key,
    count,
    centre: { lat, lng },
    bounds: { north: lat + 0.01, south: lat - 0.01, east: lng + 0.01, west: lng - 0.01 },
  });
  // One degree = 100 px, enough to reason about.
  const project = ({ lat, lng }: { lat: number; lng: number }) => ({ x: lng * 100, y: -lat * 100 });

  it('draws neighbours that would overlap as one marker: counts added, centre weighted, bounds joined', () => {
    const drawn = mergeOverlapping(
      [cell('a', 1, 25.0, 55.0), cell('b', 3, 25.1, 55.1), cell('c', 5, 26.0, 56.0)],
      project,
      56,
    );
    expect(drawn).toHaveLength(2);
    expect(drawn[0]).toMatchObject({ count: 5, key: 'c' });
    expect(drawn[1].count).toBe(4);
    expect(drawn[1].centre.lat).toBeCloseTo(25.075);
    expect(drawn[1].centre.lng).toBeCloseTo(55.075);
    const { north, south, east, west } = drawn[1].bounds;
    expect([north, south, east, west].map((value) => Number(value.toFixed(6)))).toEqual([
      25.11, 24.99, 55.11, 54.99,
    ]);
  });

  it('leaves clusters apart as they are', () => {
    const apart = [cell('a', 2, 25.0, 55.0), cell('b', 1, 25.0, 56.0)];
    expect(mergeOverlapping(apart, project, 56)).toEqual(apart);
  });
});

describe('map reads', () => {
  const view = roundView({ north: 25.2, south: 25.0, east: 55.3, west: 55.1 }, 12);
  let urls: URL[] = [];
  function searchService(results: unknown) {
    urls = [];
    globalThis.fetch = jest.fn<typeof fetch>(async (input) => {
      urls.push(new URL(String(input), 'http://ae.localhost'));
      return {
        status: 200,
        ok: true,
        statusText: 'OK',
        json: async () => ({ status: 200, success: true, message: 'OK', results }),
      } as Response;
    });
  }
  const signal = new AbortController().signal;
  const boxOf = (url: URL) =>
    Object.fromEntries(
      ['north', 'south', 'east', 'west'].map((key) => [key, Number(url.searchParams.get(key))]),
    );

  it('asks the list, the clusters and the pins for the same viewport and type', async () => {
    searchService({ items: [hit(1)], page: 1, limit: 20, total: 1, facets: null });
    const list = mapListQuery(view, 'rent', 'en');
    await list.queryFn!({ pageParam: 1, signal } as never);
    searchService({ clusters: [], total: 0, precision: 5 });
    await clustersQuery(view, 'rent', 'en').queryFn!({ signal } as never);
    searchService({ items: [], page: 1, limit: 300, total: 0 });
    await pinsQuery(view, 'rent', 'en').queryFn!({ signal } as never);
    expect(viewQuery(view, 'rent')).toMatchObject({ ...view.bounds, propertyType: 'rent' });
    const [pinsUrl] = urls;
    expect(pinsUrl.pathname).toBe('/api/search/v1/map/pins');
    expect(boxOf(pinsUrl)).toEqual(view.bounds);
    expect(pinsUrl.searchParams.get('propertyType')).toBe('rent');
  });

  it('sends the list the viewport, without facets, and the clusters the zoom', async () => {
    searchService({ items: [hit(1)], page: 1, limit: 20, total: 1, facets: null });
    const page = await mapListQuery(view, 'buy', 'ar').queryFn!({ pageParam: 2, signal } as never);
    expect(page.items[0].slug).toBe('marina-flat-1');
    const [listUrl] = urls;
    expect(listUrl.pathname).toBe('/api/search/v1/properties');
    expect(boxOf(listUrl)).toEqual(view.bounds);
    expect(listUrl.searchParams.get('facets')).toBe('false');
    expect(listUrl.searchParams.get('page')).toBe('2');
    searchService({ clusters: [], total: 0, precision: 5 });
    await clustersQuery(view, 'buy', 'ar').queryFn!({ signal } as never);
    expect(urls[0].pathname).toBe('/api/search/v1/map/clusters');
    expect(urls[0].searchParams.get('zoom')).toBe('12');
    // Two views that round to one box share their cache entries; another type does not.
    expect(mapListQuery(roundView(view.bounds, 12), 'buy', 'ar').queryKey).toEqual(
      mapListQuery(view, 'buy', 'ar').queryKey,
    );
    expect(mapListQuery(view, 'rent', 'ar').queryKey).not.toEqual(mapListQuery(view, 'buy', 'ar').queryKey);
  });
});

describe('the list beside the map', () => {
  it("says 'Exact location not available.' only for listings without exact coordinates", () => {
    renderList('en', [hit(1), hit(2, false)]);
    const rows = screen.getAllByTestId('map-hit');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).not.toContain('Exact location not available.');
    expect(rows[1].textContent).toContain('Exact location not available.');
    expect(rows[1].querySelector('a')?.getAttribute('href')).toBe('/property/marina-flat-2');
    expect(rows[1].textContent).toContain('/ year');
  });

  it('in Arabic: Arabic titles and the Arabic note', () => {
    renderList('ar', [hit(3, false)]);
    const row = screen.getByTestId('map-hit');
    expect(row.textContent).toContain('شقة 3 في دبي مارينا');
    expect(screen.getByTestId('no-exact-location').textContent).toBe('الموقع الدقيق غير متوفر.');
  });

  it('keeps the map in step: pointing at a row lights its pin, the pin clicked lights its row', () => {
    const onActivate = renderList('en', [hit(1), hit(2)], hit(2).id);
    const rows = screen.getAllByTestId('map-hit');
    expect(rows[1].getAttribute('data-active')).toBe('true');
    expect(rows[0].getAttribute('data-active')).toBeNull();
    fireEvent.mouseEnter(rows[0]);
    expect(onActivate).toHaveBeenLastCalledWith(hit(1).id);
    fireEvent.mouseLeave(rows[0]);
    expect(onActivate).toHaveBeenLastCalledWith(null);
  });
});
