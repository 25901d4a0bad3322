import type { Language, Site } from '@manzil/contracts';
import { intlLocale, stripBidiMarks } from './locale.js';

export interface SiteDateOptions {
  site: Site;
  language: Language;
  /** "23 November 2026" (long, the default) or "23 Nov 2026" (short, for tables). */
  month?: 'long' | 'short';
}

/** Each site's dates are the days of its own country, wherever the reader is. */
export const SITE_TIME_ZONES: Record<Site, string> = { ae: 'Asia/Dubai', sa: 'Asia/Riyadh' };

/** Umm al-Qura, the Saudi civil Hijri calendar; Latin digits like every number here. */
const HIJRI_LOCALE = 'ar-SA-u-ca-islamic-umalqura-nu-latn';
const SAUDI_GREGORIAN_LOCALE = 'ar-SA-u-ca-gregory-nu-latn';

function format(date: Date, locale: string, site: Site, month: 'long' | 'short'): string {
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month,
    year: 'numeric',
    timeZone: SITE_TIME_ZONES[site],
  };
  return stripBidiMarks(new Intl.DateTimeFormat(locale, options).format(date));
}

/**
 * The one date formatter of the frontends (docs/GLOSSARY.md "Dates"): on the Saudi site in
 * Arabic the Hijri date with the Gregorian beside it («13 جمادى الآخرة 1448 هـ (23 نوفمبر
 * 2026 م)»); English and the UAE site the Gregorian date only.
 */
export function formatSiteDate(value: Date | string | number, options: SiteDateOptions): string {
  const { site, language, month = 'long' } = options;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  if (site === 'sa' && language === 'ar') {
    const hijri = format(date, HIJRI_LOCALE, site, month);
    const gregorian = format(date, SAUDI_GREGORIAN_LOCALE, site, month);
    return `${hijri} (${gregorian} م)`;
  }
  return format(date, intlLocale(language), site, month);
}
