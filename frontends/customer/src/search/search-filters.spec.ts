import { describe, expect, it } from '@jest/globals';
import {
  EMPTY_FILTERS,
  bathroomCounts,
  filtersFromParams,
  filtersToParams,
  mapSearchHref,
  parseAmount,
  searchHref,
} from './search-filters.js';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));

describe('search filters in the URL', () => {
  it('reads every filter and writes the same link back', () => {
    const query =
      'type=villa&locationSelected=%5B%7B%22id%22%3A%22ae.dubai.dubai-marina%22%2C%22name%22%3A%22Dubai+Marina%22%2C%22type%22%3A%22community%22%7D%5D' +
      '&beds=0%2C2&baths=3%2C7&minPrice=500000&maxPrice=2000000&minArea=800&maxArea=3000&furnishing=furnished' +
      '&amenities=gym%2Cshared-pool&agreement=exclusive&marketStatus=secondaryReady&keywords=sea+view&sort=price-asc';
    const filters = read(query);
    expect(filters).toEqual({
      kind: 'villa',
      locations: [{ id: 'ae.dubai.dubai-marina', name: 'Dubai Marina', type: 'community' }],
      bedrooms: [0, 2],
      bathrooms: [3, 7],
      minPrice: 500_000,
      maxPrice: 2_000_000,
      minArea: 800,
      maxArea: 3000,
      furnishing: 'furnished',
      amenities: ['gym', 'shared-pool'],
      agreement: 'exclusive',
      marketStatus: 'secondaryReady',
      keywords: 'sea view',
      sort: 'price-asc',
    });
    expect(filtersToParams(filters).toString()).toBe(query);
  });

  it("reads the footer's quick search and keeps its propertyType when filters change", () => {
    const footer = new URLSearchParams({
      propertyType: 'rent',
      type: 'apartment',
      locationSelected: JSON.stringify([{ id: 'dubai', name: 'Dubai', type: 'city' }]),
    });
    const filters = filtersFromParams(footer);
    expect(filters.kind).toBe('apartment');
    expect(filters.locations).toEqual([{ id: 'dubai', name: 'Dubai', type: 'city' }]);
    const next = filtersToParams({ ...filters, bedrooms: [1] }, footer);
    expect(next.get('propertyType')).toBe('rent');
    expect(next.get('beds')).toBe('1');
    expect(JSON.parse(next.get('locationSelected')!)).toEqual([{ id: 'dubai', name: 'Dubai', type: 'city' }]);
  });

  it('accepts amounts typed with Arabic-Indic digits and separators', () => {
    expect(parseAmount('١٢٠٬٠٠٠')).toBe(120_000);
    expect(parseAmount('۲۵۰,۰۰۰')).toBe(250_000);
    expect(parseAmount('٣٫٥')).toBe(3.5);
    expect(parseAmount('12a')).toBeUndefined();
    expect(read('minPrice=%D9%A5%D9%A0%D9%A0%D9%A0%D9%A0%D9%A0').minPrice).toBe(500_000);
  });

  it('drops what it cannot read instead of failing, and orders a reversed range', () => {
    const filters = read(
      'type=castle&beds=studio,12,x,3&locationSelected=%7Bbroken&sort=cheapest&minPrice=9&maxPrice=5',
    );
    expect(filters.kind).toBeUndefined();
    expect(filters.bedrooms).toEqual([0, 3]);
    expect(filters.locations).toEqual([]);
    expect(filters.sort).toBe('newest');
    expect([filters.minPrice, filters.maxPrice]).toEqual([5, 9]);
  });

  it('writes nothing for an empty search and leaves the default sort out', () => {
    expect(filtersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(searchHref('rent', EMPTY_FILTERS, 'ar')).toBe('/ايجار/عقارات-للايجار');
    expect(searchHref('commercial-buy', { ...EMPTY_FILTERS, bedrooms: [2] }, 'en')).toBe(
      '/commercial/properties-for-sale?beds=2',
    );
  });

  it('takes the same filters to the map, naming the type', () => {
    expect(mapSearchHref('rent', { ...EMPTY_FILTERS, kind: 'villa' })).toBe(
      '/map-search?type=villa&propertyType=rent',
    );
  });

  it('asks the API for 7 bathrooms and more when "7+" is chosen', () => {
    expect(bathroomCounts([2, 7])).toEqual([2, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});
