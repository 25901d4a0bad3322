import type { Language } from './site.js';
import { VALIDATION_MESSAGES } from './validation.js';

/**
 * Error codes with their message in each language. Services throw `AppException(code)`;
 * the exception filter turns it into the envelope with the message in the request's
 * language. Spec §8 messages are kept word for word.
 */
export const ERROR_MESSAGES = {
  SOMETHING_WENT_WRONG: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  VALIDATION_FAILED: { en: 'Please check the highlighted fields.', ar: 'يرجى التحقق من الحقول المحددة.' },
  NOT_FOUND: { en: 'No Record Found', ar: 'لم يتم العثور على سجل' },
  NO_DATA_FOUND: { en: 'No Data Found', ar: 'لا توجد بيانات' },
  UNAUTHORIZED: { en: 'Please log in to continue.', ar: 'يرجى تسجيل الدخول للمتابعة.' },
  FORBIDDEN: { en: 'You are not allowed to do this.', ar: 'غير مسموح لك بهذا الإجراء.' },
  SESSION_CONFLICT: { en: 'Your session has ended. Please log in again.', ar: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.' },
  RATE_LIMITED: { en: 'Too many requests. Please try again later.', ar: 'طلبات كثيرة جداً. يرجى المحاولة لاحقاً.' },
  SERVICE_UNAVAILABLE: {
    en: 'Something wrong, please try again later',
    ar: 'حدث خطأ، يرجى المحاولة لاحقاً',
  },
  SITE_MISMATCH: { en: 'This is not available on this site.', ar: 'هذا غير متاح على هذا الموقع.' },
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[code][language];
}

/**
 * Field messages used as zod `message` keys in contracts' schemas. The validation pipe
 * turns a key into the text of the request's language; a plain zod message that is not a
 * key falls back to a generic text in Arabic.
 */
export const FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  required: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  invalid: { en: 'Invalid value.', ar: 'قيمة غير صالحة.' },
  ...VALIDATION_MESSAGES,
};

export function fieldMessage(message: string, language: Language): string {
  const known = FIELD_MESSAGES[message];
  if (known) return known[language];
  return language === 'ar' ? FIELD_MESSAGES.invalid.ar : message;
}
