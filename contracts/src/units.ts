import type { Language } from './site.js';

export type Currency = 'AED' | 'SAR';
export type AreaUnit = 'sqft' | 'sqm';

/**
 * How a currency reads in each language, for the config, every price and the header. In
 * Arabic the Saudi riyal is the riyal sign ﷼ (U+FDFC, spec §3), which our Arabic font (IBM
 * Plex Sans Arabic) draws as its «ريال» ligature; the dirham is the abbreviation «د.إ».
 */
export const CURRENCY_LABELS: Record<Currency, Record<Language, string>> = {
  AED: { en: 'AED', ar: 'د.إ' },
  SAR: { en: 'SAR', ar: '\uFDFC' },
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
