import type { Language } from './site.js';

/**
 * Auctions' error codes (spread into ERROR_MESSAGES) and field messages (spread into
 * FIELD_MESSAGES). Spec §8's withdrawal message is kept word for word. A file of its own,
 * importing nothing but types, so errors.ts can take it without an import cycle.
 */
export const AUCTION_ERROR_MESSAGES = {
  BID_PAYMENT_PENDING: {
    en: 'Your payment is still pending, you cannot withdraw it.',
    ar: 'دفعتك لا تزال قيد المعالجة، لا يمكنك سحب المزايدة.',
  },
  AUCTION_NOT_LIVE: {
    en: 'This auction is not open for bids.',
    ar: 'هذا المزاد غير مفتوح للمزايدة.',
  },
  BID_NOT_WITHDRAWABLE: {
    en: 'This bid can no longer be withdrawn.',
    ar: 'لم يعد بالإمكان سحب هذه المزايدة.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export const AUCTION_FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  'bid.required': { en: 'Please enter bid price.', ar: 'يرجى إدخال قيمة المزايدة.' },
  'bid.invalid': {
    en: 'Please enter a price with at most 2 decimals.',
    ar: 'يرجى إدخال سعر بخانتين عشريتين كحد أقصى.',
  },
  'bid.tooLow': {
    en: 'Bid price must be greater than the current price by at least the minimum increment.',
    ar: 'يجب أن تزيد قيمة المزايدة على السعر الحالي بمقدار الحد الأدنى للزيادة على الأقل.',
  },
};
