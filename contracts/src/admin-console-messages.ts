import type { Language } from './site.js';

/**
 * The admin console's error codes (spread into ERROR_MESSAGES) and field messages (spread
 * into FIELD_MESSAGES): auctions scheduled and cancelled, plans edited, payments refunded. A
 * file of its own, importing nothing but types, so errors.ts can take it without a cycle.
 */
export const ADMIN_CONSOLE_ERROR_MESSAGES = {
  AUCTION_NOT_CANCELABLE: {
    en: 'This auction has ended or is already cancelled: it can no longer be cancelled.',
    ar: 'انتهى هذا المزاد أو أُلغي بالفعل: لم يعد بالإمكان إلغاؤه.',
  },
  AUCTION_NOT_RESCHEDULABLE: {
    en: 'This auction has ended or is cancelled: its times can no longer change.',
    ar: 'انتهى هذا المزاد أو أُلغي: لم يعد بالإمكان تغيير مواعيده.',
  },
  PAYMENT_NOT_REFUNDABLE: {
    en: 'Only a paid payment can be refunded.',
    ar: 'لا يمكن استرداد إلا دفعة مدفوعة.',
  },
  REFUND_UNAVAILABLE: {
    en: 'The payment provider could not be reached. Nothing was refunded; please try again in a few minutes.',
    ar: 'تعذر الوصول إلى مزود الدفع. لم يُسترد أي مبلغ؛ يرجى المحاولة مرة أخرى بعد دقائق.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export const ADMIN_CONSOLE_FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  'auction.propertyNotAccepted': {
    en: 'Please choose an accepted property of this site.',
    ar: 'يرجى اختيار عقار مقبول على هذا الموقع.',
  },
  'auction.endsBeforeStart': {
    en: 'The end must be after the start.',
    ar: 'يجب أن تكون النهاية بعد البداية.',
  },
  'auction.endsInPast': {
    en: 'The end must be in the future.',
    ar: 'يجب أن تكون النهاية في المستقبل.',
  },
  'auction.startsInPast': {
    en: 'The start must be in the future.',
    ar: 'يجب أن تكون البداية في المستقبل.',
  },
  'auction.startLocked': {
    en: 'The auction has started: its start can no longer change.',
    ar: 'بدأ المزاد: لم يعد بالإمكان تغيير بدايته.',
  },
  'plan.fees': {
    en: 'Please enter fees of at least 1 with at most 2 decimals.',
    ar: 'يرجى إدخال رسوم لا تقل عن 1 بخانتين عشريتين كحد أقصى.',
  },
  'plan.quota': {
    en: 'Please enter a whole number from 0 to 10000.',
    ar: 'يرجى إدخال عدد صحيح من 0 إلى 10000.',
  },
  'plan.name': {
    en: 'Please enter a name of at most 60 characters.',
    ar: 'يرجى إدخال اسم لا يتجاوز 60 حرفًا.',
  },
};
