import { describe, expect, it } from '@jest/globals';
import { normalizeArabic, normalizeDigits, tidySpaces } from './text.js';

describe('text normalisation', () => {
  it('turns Arabic-Indic and Eastern Arabic-Indic digits into ASCII', () => {
    expect(normalizeDigits('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(normalizeDigits('۱۲۳۴')).toBe('1234');
    expect(normalizeDigits('+971 ٥٥ 123')).toBe('+971 55 123');
  });

  it('collapses and trims spaces', () => {
    expect(tidySpaces('  Sara   Al   Hashimi ')).toBe('Sara Al Hashimi');
  });

  it('normalises Arabic letters for search', () => {
    expect(normalizeArabic('أحمد إبراهيم آمنة')).toBe('احمد ابراهيم امنه');
    expect(normalizeArabic('مُسْتَشْفَى')).toBe('مستشفي');
    expect(normalizeArabic('الـــرياض')).toBe('الرياض');
    expect(normalizeArabic('Dubai MARINA')).toBe('dubai marina');
  });
});
