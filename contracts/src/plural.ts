import type { Language } from './site.js';

/** The forms of a counted word; `#` stands for the number. Arabic needs all six categories. */
export interface CountForms {
  en: { one: string; other: string };
  ar: { zero?: string; one: string; two: string; few: string; many: string; other: string };
}

/**
 * A count with its word in the language's plural category (Intl.PluralRules), for texts
 * built outside react-intl (SMS, e-mail, server messages). Arabic: 1 «دقيقة واحدة»,
 * 2 «دقيقتين», 3–10 «# دقائق», 11–99 «# دقيقة», 100… «# دقيقة».
 */
export function countPhrase(count: number, language: Language, forms: CountForms): string {
  const category = new Intl.PluralRules(language).select(count) as keyof CountForms['ar'];
  const byLanguage = forms[language] as Partial<Record<string, string>>;
  const form = byLanguage[category] ?? byLanguage.other ?? '';
  return form.replace('#', String(count));
}

/** Minutes after «خلال» / "in" (genitive in Arabic). */
export const MINUTES: CountForms = {
  en: { one: '# minute', other: '# minutes' },
  ar: { one: 'دقيقة واحدة', two: 'دقيقتين', few: '# دقائق', many: '# دقيقة', other: '# دقيقة' },
};

/** Hours after «بعد» / "in" (genitive in Arabic). */
export const HOURS: CountForms = {
  en: { one: '# hour', other: '# hours' },
  ar: { one: 'ساعة واحدة', two: 'ساعتين', few: '# ساعات', many: '# ساعة', other: '# ساعة' },
};
