import type { Language } from './site.js';

/**
 * Saved searches' error codes (spread into ERROR_MESSAGES) and field messages (into
 * FIELD_MESSAGES): a file importing nothing but types, so errors.ts takes it without a cycle.
 */

/** At most this many saved searches per customer and site. */
export const SAVED_SEARCH_LIMIT = 20;

export const SAVED_SEARCH_ERROR_MESSAGES = {
  SAVED_SEARCH_CUSTOMERS_ONLY: {
    en: 'Only customers can save searches.',
    ar: 'حفظ عمليات البحث متاح للعملاء فقط.',
  },
  SAVED_SEARCH_LIMIT_REACHED: {
    en: `You can keep up to ${SAVED_SEARCH_LIMIT} saved searches. Please delete one to save another.`,
    ar: `يمكنك الاحتفاظ بما يصل إلى ${SAVED_SEARCH_LIMIT} عملية بحث محفوظة. يرجى حذف واحدة لحفظ أخرى.`,
  },
} as const satisfies Record<string, Record<Language, string>>;

export const SAVED_SEARCH_FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  'savedSearch.nameRequired': { en: 'Please name this search.', ar: 'يرجى إدخال اسم لهذا البحث.' },
  'savedSearch.nameTooLong': {
    en: 'The name can be at most 80 characters.',
    ar: 'يجب ألا يزيد الاسم عن 80 حرفًا.',
  },
};
