import type { Language } from '@manzil/contracts';
import { intlLocale, stripBidiMarks } from './locale.js';

/** Thousands separators, at most 2 fraction digits (spec §9), Latin digits in both languages. */
export function formatNumber(value: number, language: Language): string {
  const format = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 });
  return stripBidiMarks(format.format(value));
}
