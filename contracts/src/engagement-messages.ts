import type { Language } from './site.js';

/**
 * Wishlist and appointment error codes (spread into ERROR_MESSAGES) and field messages
 * (spread into FIELD_MESSAGES). A file of its own, importing nothing but types, so errors.ts
 * can take it without an import cycle.
 */
export const ENGAGEMENT_ERROR_MESSAGES = {
  WISHLIST_CUSTOMERS_ONLY: {
    // Neutral: the same code answers a property, a project and a unit (issue 14 audit).
    en: 'Only customers can save to a wishlist.',
    ar: 'الحفظ في المفضلة متاح للعملاء فقط.',
  },
  APPOINTMENT_SLOT_TAKEN: {
    en: 'The agent already has an appointment at this time. Please choose another time.',
    ar: 'لدى الوسيط موعد في هذا الوقت. يرجى اختيار وقت آخر.',
  },
  APPOINTMENT_ALREADY_DECIDED: {
    en: 'This appointment has already been answered.',
    ar: 'تم الرد على هذا الموعد مسبقًا.',
  },
  APPOINTMENT_NOT_CANCELABLE: {
    en: 'This appointment can no longer be canceled.',
    ar: 'لم يعد بالإمكان إلغاء هذا الموعد.',
  },
  APPOINTMENT_AGENT_UNKNOWN: {
    en: 'This agent cannot take appointments on this site.',
    ar: 'لا يمكن لهذا الوسيط استقبال مواعيد على هذا الموقع.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export const ENGAGEMENT_FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  'appointment.dateRequired': { en: 'Please choose a date.', ar: 'يرجى اختيار التاريخ.' },
  'appointment.timeRequired': { en: 'Please choose a time.', ar: 'يرجى اختيار الوقت.' },
  'appointment.inPast': {
    en: 'Please choose a time in the future.',
    ar: 'يرجى اختيار وقت في المستقبل.',
  },
  'appointment.tooFar': {
    en: 'Please choose a date within the next 90 days.',
    ar: 'يرجى اختيار تاريخ خلال الأيام التسعين القادمة.',
  },
  'appointment.nameRequired': { en: 'Please enter your name.', ar: 'يرجى إدخال اسمك.' },
  'appointment.phoneRequired': {
    en: 'Please enter a valid phone number.',
    ar: 'يرجى إدخال رقم هاتف صحيح.',
  },
  'appointment.emailRequired': {
    en: 'Please enter a valid email address.',
    ar: 'يرجى إدخال بريد إلكتروني صحيح.',
  },
  'appointment.propertyRequired': {
    en: 'Please choose the property to view.',
    ar: 'يرجى اختيار العقار المراد معاينته.',
  },
  'appointment.agentRequired': {
    en: 'Please choose the agent to meet.',
    ar: 'يرجى اختيار الوسيط المراد مقابلته.',
  },
};
