import { currencyLabel, type Currency, type Language } from '@manzil/contracts';
import { isolateLtr } from './locale.js';
import { formatNumber } from './number.js';

export { currencyLabel, type Currency };

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
