import { describe, expect, it } from '@jest/globals';
import { areaUnitLabel, currencyLabel } from './units.js';

describe('config labels', () => {
  it('shows the riyal sign and the dirham abbreviation in Arabic and the code in English', () => {
    expect(currencyLabel('SAR', 'ar')).toBe('﷼');
    expect(currencyLabel('SAR', 'en')).toBe('SAR');
    expect(currencyLabel('AED', 'ar')).toBe('د.إ');
    expect(currencyLabel('AED', 'en')).toBe('AED');
  });

  it('shows square metres as m² and the Arabic forms in Arabic', () => {
    expect(areaUnitLabel('sqm', 'en')).toBe('m²');
    expect(areaUnitLabel('sqm', 'ar')).toBe('م²');
    expect(areaUnitLabel('sqft', 'en')).toBe('sqft');
    expect(areaUnitLabel('sqft', 'ar')).toBe('قدم²');
  });
});
