import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { listingPagePath, mortgageQuote, type Currency } from '@manzil/contracts';
import { Price, contentQueries, useLanguage } from '@manzil/ui';

/**
 * The estimated monthly payment of a listing for sale, from the site's mortgage settings'
 * defaults (down payment share, term, interest) and the calculator's formula (contracts'
 * `mortgageQuote`), with a link to the calculator for other figures. Hidden below the
 * calculator's minimum value (spec §9: 50,000).
 */
export function MortgageEstimate({ price, currency }: { price: number; currency: Currency }) {
  const intl = useIntl();
  const language = useLanguage();
  const settings = useQuery(contentQueries.mortgageSettings(language));
  if (!settings.data || price < settings.data.minPropertyValue) return null;
  const s = settings.data;
  const downPayment = (price * s.defaultDownPaymentPercent) / 100;
  const quote = mortgageQuote(
    { propertyValue: price, downPayment, termYears: s.defaultTermYears, interestRate: s.defaultInterestRate },
    s,
  );
  return (
    <section
      className="cu-card cu-estimate"
      data-testid="mortgage-estimate"
      aria-labelledby="mortgage-estimate"
    >
      <h2 id="mortgage-estimate">{intl.formatMessage({ id: 'customer.property.mortgage' })}</h2>
      <p className="cu-estimate__amount" data-testid="mortgage-monthly">
        <Price amount={quote.monthlyPayment} currency={currency} period="monthly" />
      </p>
      <p className="cu-estimate__basis">
        {intl.formatMessage(
          { id: 'customer.property.mortgageBasis' },
          {
            down: intl.formatNumber(s.defaultDownPaymentPercent),
            years: intl.formatNumber(s.defaultTermYears),
            rate: intl.formatNumber(s.defaultInterestRate, { maximumFractionDigits: 2 }),
          },
        )}
      </p>
      <Link to={listingPagePath('mortgage-calculator', language)}>
        {intl.formatMessage({ id: 'customer.property.mortgageCalculator' })}
      </Link>
    </section>
  );
}
