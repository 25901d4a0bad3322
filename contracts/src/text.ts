/**
 * DESIGN rule 7: numbers typed in Arabic work. Arabic-Indic (٠-٩) and Eastern Arabic-Indic
 * (۰-۹) digits become ASCII digits; everything else is left as typed.
 */
export function normalizeDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

/** Spec §5 input helpers: leading spaces trimmed, repeated spaces collapsed. */
export function tidySpaces(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * Search normalisation of Arabic letters (DESIGN rule 7): أ إ آ → ا, ة → ه, ى → ي, no
 * tatweel, no diacritics; Latin text lower-cased.
 */
export function normalizeArabic(value: string): string {
  return value
    .replace(/[\u064B-\u065F\u0670]/g, '')
    .replace(/\u0640/g, '')
    .replace(/[أإآ]/g, 'ا')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .toLowerCase();
}
