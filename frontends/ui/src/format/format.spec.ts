import { describe, expect, it } from '@jest/globals';
import { areaUnitLabel, formatArea } from './area.js';
import { formatNumber } from './number.js';
import { currencyLabel, formatPrice, priceParts } from './price.js';

const LRI = '\u2066';
const PDI = '\u2069';

describe('formatNumber', () => {
  it('groups thousands and keeps at most 2 fraction digits, Latin digits in both languages', () => {
    expect(formatNumber(1250000.456, 'en')).toBe('1,250,000.46');
    expect(formatNumber(1250000.456, 'ar')).toBe('1,250,000.46');
    expect(formatNumber(980, 'ar')).toBe('980');
  });

  it('leaves no bidi marks in the output', () => {
    expect(formatNumber(-1500, 'ar')).not.toMatch(/[\u200e\u200f\u061c]/);
  });
});

describe('prices', () => {
  it('writes the code first in English', () => {
    expect(formatPrice(1250000, 'AED', 'en')).toBe('AED 1,250,000');
    expect(formatPrice(3499.999, 'SAR', 'en')).toBe('SAR 3,500');
  });

  it('writes the Arabic abbreviation after an isolated ltr number in Arabic', () => {
    expect(formatPrice(1250000, 'SAR', 'ar')).toBe(`${LRI}1,250,000${PDI} ﷼`);
    expect(formatPrice(99.5, 'AED', 'ar')).toBe(`${LRI}99.5${PDI} د.إ`);
  });

  it('has one label per currency and language', () => {
    expect(currencyLabel('SAR', 'ar')).toBe('﷼');
    expect(currencyLabel('AED', 'ar')).toBe('د.إ');
    expect(currencyLabel('SAR', 'en')).toBe('SAR');
    expect(priceParts(10, 'AED', 'ar')).toEqual({ amount: '10', label: 'د.إ', labelFirst: false });
  });
});

describe('areas', () => {
  it('shows sqm as m² in English and م² in Arabic', () => {
    expect(formatArea(145.5, 'sqm', 'en')).toBe('145.5 m²');
    expect(formatArea(1200, 'sqm', 'ar')).toBe(`${LRI}1,200${PDI} م²`);
  });

  it('shows sqft as sqft / قدم²', () => {
    expect(formatArea(1850, 'sqft', 'en')).toBe('1,850 sqft');
    expect(areaUnitLabel('sqft', 'ar')).toBe('قدم²');
  });
});
