import type { Language } from './site.js';

/**
 * Payments' error codes (spread into ERROR_MESSAGES). A file of its own, importing nothing
 * but types, so errors.ts can take it without an import cycle.
 */
export const PAYMENT_ERROR_MESSAGES = {
  UPGRADE_NEEDS_SUBSCRIPTION: {
    en: 'You have no active subscription to upgrade. Please buy a plan first.',
    ar: 'ليس لديك اشتراك نشط لترقيته. يرجى شراء باقة أولًا.',
  },
  UPGRADE_NOT_HIGHER: {
    en: 'Please choose a plan above your current one to upgrade.',
    ar: 'يرجى اختيار باقة أعلى من باقتك الحالية للترقية.',
  },
  PLAN_FOR_COMPANY: {
    en: "Your company's subscription covers you: only the company can buy a plan.",
    ar: 'اشتراك شركتك يشملك: الشركة وحدها يمكنها شراء باقة.',
  },
  PAYMENT_FAILED: {
    en: 'Sorry, your payment is failed, Please try again or contact us.',
    ar: 'عذرًا، فشلت عملية الدفع، يرجى المحاولة مرة أخرى أو التواصل معنا.',
  },
  // Spec §8, word for word: online booking of units is for Saudi residents only (§6).
  BOOKING_RESIDENTS_ONLY: {
    en: 'Online booking is for Saudi residents only. Please contact our team to complete the manual booking process',
    ar: 'الحجز الإلكتروني متاح للمقيمين في السعودية فقط. يرجى التواصل مع فريقنا لإكمال إجراءات الحجز اليدوي',
  },
  UNIT_NOT_AVAILABLE: {
    en: 'This unit is no longer available for booking.',
    ar: 'هذه الوحدة لم تعد متاحة للحجز.',
  },
} as const satisfies Record<string, Record<Language, string>>;
