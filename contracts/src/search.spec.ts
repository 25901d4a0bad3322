import { describe, expect, it } from '@jest/globals';
import {
  clusterPrecisionForZoom,
  greatCircleKm,
  mapClustersQuerySchema,
  normalizeSearchText,
  searchQuerySchema,
} from './search.js';

describe('search API shapes', () => {
  it('reads a listing page query as the URL gives it', () => {
    const query = searchQuerySchema.parse({
      purpose: 'rent',
      commercial: 'false',
      bedrooms: '0,٢',
      bathrooms: ['1', '2'],
      kind: 'apartment',
      priceMin: '١٠٠٠',
      amenities: 'pool,gym',
      sort: 'price-asc',
    });
    expect(query).toMatchObject({
      purpose: 'rent',
      commercial: false,
      bedrooms: [0, 2],
      bathrooms: [1, 2],
      kind: ['apartment'],
      priceMin: 1000,
      amenities: ['pool', 'gym'],
      sort: 'price-asc',
      page: 1,
      limit: 20,
      facets: true,
    });
  });

  it('keeps the old list query meaning (propertyType, page, limit, q)', () => {
    expect(
      searchQuerySchema.parse({ propertyType: 'buy', page: '2', limit: '5', q: ' villa ' }),
    ).toMatchObject({
      propertyType: 'buy',
      page: 2,
      limit: 5,
      q: 'villa',
      sort: 'newest',
    });
  });

  it('refuses a bedroom count above 11, a price range upside down and half a viewport', () => {
    expect(searchQuerySchema.safeParse({ bedrooms: '12' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ priceMin: '10', priceMax: '5' }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ north: '25', south: '24' }).success).toBe(false);
    expect(
      mapClustersQuerySchema.safeParse({ north: '24', south: '25', east: '56', west: '55', zoom: '10' })
        .success,
    ).toBe(false);
  });

  it('normalises Arabic letter forms, digits and case the same way on both sides', () => {
    expect(normalizeSearchText('  أَحْمَد  إمارة آل ـــمدينة مستشفى ٣ Marina ')).toBe(
      'احمد اماره ال مدينه مستشفي 3 marina',
    );
  });

  it('measures great-circle distance with R = 6371 km and picks a finer grid when zoomed in', () => {
    expect(greatCircleKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo(111.19, 1);
    expect(clusterPrecisionForZoom(16)).toBeGreaterThan(clusterPrecisionForZoom(8));
  });
});
