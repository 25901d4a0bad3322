import { useIntl } from 'react-intl';
import type { DisplayPrice } from '@manzil/contracts';
import { priceParts, type Currency } from '../format/price.js';
import { Ltr } from './ltr.js';
import { useLanguage } from './use-language.js';

export interface PriceProps {
  amount: number;
  currency: Currency;
  className?: string;
  /** A rent's period (spec §9: the first positive of daily, weekly, monthly, yearly), shown after the price. */
  period?: DisplayPrice['period'];
}

/**
 * "AED 1,250,000" in English, "1,250,000 ﷼" in Arabic, the number kept as an ltr run; a rent
 * adds its period ("/ year", «/ سنويًا»).
 */
export function Price({ amount, currency, className, period }: PriceProps) {
  const intl = useIntl();
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
      {period && period !== 'total' ? (
        <span className="mz-price__period" data-testid="price-period">
          {' '}
          {intl.formatMessage({ id: `ui.price.period.${period}` })}
        </span>
      ) : null}
    </span>
  );
}
