import type { Language } from '@manzil/contracts';
import { isolateLtr } from './locale.js';
import { formatNumber } from './number.js';

export type Currency = 'AED' | 'SAR';

/**
 * How a currency is written. In Arabic the Saudi riyal is «ر.س» and the dirham «د.إ», the
 * abbreviations Saudi and Emirati sites use and that IBM Plex Sans Arabic draws (the
 * ﷼ ligature is not in the font). Used for every price and the header's currency indicator.
 */
export function currencyLabel(currency: Currency, language: Language): string {
  if (language === 'ar') return currency === 'SAR' ? 'ر.س' : 'د.إ';
  return currency;
}

export interface PriceParts {
  amount: string;
  label: string;
  /** English writes the code first ("AED 1,250,000"); Arabic writes it after the number. */
  labelFirst: boolean;
}

export function priceParts(amount: number, currency: Currency, language: Language): PriceParts {
  return {
    amount: formatNumber(amount, language),
    label: currencyLabel(currency, language),
    labelFirst: language === 'en',
  };
}

/** A price as plain text (for titles and aria labels); the number isolated as an ltr run. */
export function formatPrice(amount: number, currency: Currency, language: Language): string {
  const parts = priceParts(amount, currency, language);
  return parts.labelFirst ? `${parts.label} ${parts.amount}` : `${isolateLtr(parts.amount)} ${parts.label}`;
}
