import type { Language } from '@manzil/contracts';
import { isolateLtr } from './locale.js';
import { formatNumber } from './number.js';

export type AreaUnit = 'sqft' | 'sqm';

/** sqm is m² in English and «م²» in Arabic (spec §3); sqft is sqft / «قدم²». */
export function areaUnitLabel(unit: AreaUnit, language: Language): string {
  if (language === 'ar') return unit === 'sqm' ? 'م²' : 'قدم²';
  return unit === 'sqm' ? 'm²' : 'sqft';
}

export function formatArea(area: number, unit: AreaUnit, language: Language): string {
  const amount = formatNumber(area, language);
  return `${language === 'ar' ? isolateLtr(amount) : amount} ${areaUnitLabel(unit, language)}`;
}
