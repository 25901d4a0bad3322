import type { Language } from '@manzil/contracts';

/**
 * The Intl locale of a language. Arabic uses Latin digits on both sites, chosen explicitly
 * (`ar-SA` alone would give Arabic-Indic digits and `ar-AE` Latin), so output is predictable.
 */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE';
}

/** The language of an Intl locale string such as react-intl's `locale`. */
export function languageOfLocale(locale: string): Language {
  return locale.toLowerCase().startsWith('ar') ? 'ar' : 'en';
}

/** Unicode first-strong isolate / pop: keeps a number's run left-to-right inside Arabic. */
const LRI = '\u2066';
const PDI = '\u2069';
export function isolateLtr(text: string): string {
  return `${LRI}${text}${PDI}`;
}

/** Bidi marks Intl may add in Arabic (RLM, LRM, ALM); we isolate runs ourselves. */
export function stripBidiMarks(text: string): string {
  return text.replace(/[\u200e\u200f\u061c]/g, '');
}
