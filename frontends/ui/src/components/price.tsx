import { priceParts, type Currency } from '../format/price.js';
import { Ltr } from './ltr.js';
import { useLanguage } from './use-language.js';

export interface PriceProps {
  amount: number;
  currency: Currency;
  className?: string;
}

/** "AED 1,250,000" in English, "1,250,000 ﷼" in Arabic, the number kept as an ltr run. */
export function Price({ amount, currency, className }: PriceProps) {
  const parts = priceParts(amount, currency, useLanguage());
  const label = <span className="mz-price__label">{parts.label}</span>;
  return (
    <span className={['mz-price', className].filter(Boolean).join(' ')}>
      {parts.labelFirst ? label : null}
      {parts.labelFirst ? ' ' : null}
      <Ltr>
        <span className="mz-price__amount">{parts.amount}</span>
      </Ltr>
      {parts.labelFirst ? null : ' '}
      {parts.labelFirst ? null : label}
    </span>
  );
}
