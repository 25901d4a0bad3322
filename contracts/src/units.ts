import type { Language } from './site.js';

export type Currency = 'AED' | 'SAR';
export type AreaUnit = 'sqft' | 'sqm';

/**
 * How a currency reads in each language, for the config, every price and the header. In
 * Arabic the riyal is «ر.س» and the dirham «د.إ», the abbreviations Saudi and Emirati sites
 * use: the ﷼ sign (U+FDFC) is in neither our Arabic font nor the fonts of a stock Debian
 * Chromium, where it would show as an empty box.
 */
export const CURRENCY_LABELS: Record<Currency, Record<Language, string>> = {
  AED: { en: 'AED', ar: 'د.إ' },
  SAR: { en: 'SAR', ar: 'ر.س' },
};

/** Spec §3: sqm reads m² in English and «م²» (the Arabic square metre) in Arabic. */
export const AREA_UNIT_LABELS: Record<AreaUnit, Record<Language, string>> = {
  sqft: { en: 'sqft', ar: 'قدم²' },
  sqm: { en: 'm²', ar: 'م²' },
};

export function currencyLabel(currency: Currency, language: Language): string {
  return CURRENCY_LABELS[currency][language];
}

export function areaUnitLabel(unit: AreaUnit, language: Language): string {
  return AREA_UNIT_LABELS[unit][language];
}
