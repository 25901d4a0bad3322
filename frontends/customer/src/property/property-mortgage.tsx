import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { listingPagePath, type Site } from '@manzil/contracts';
import { contentQueries, useLanguage } from '@manzil/ui';
import { MortgageCalculator } from '../pages/mortgage-calculator-page.js';

/**
 * The mortgage calculator on a listing for sale (issue 14: "on the property page and on its own
 * page"): the calculator of `/mortgage-calculator` with the listing's price as its first value,
 * so the monthly payment and the upfront costs of this listing show at once and follow what the
 * buyer types, under the same rules (content's mortgage settings). Hidden below the calculator's
 * minimum value (spec §9: 50,000). The link opens the calculator's own page with this price.
 */
export function PropertyMortgage({ price, site }: { price: number; site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const settings = useQuery(contentQueries.mortgageSettings(language));
  if (!settings.data || price < settings.data.minPropertyValue) return null;
  return (
    <section
      className="cu-property__section"
      aria-labelledby="property-mortgage"
      data-testid="property-mortgage"
    >
      <h2 id="property-mortgage">{intl.formatMessage({ id: 'customer.property.mortgage' })}</h2>
      <MortgageCalculator settings={settings.data} site={site} propertyValue={price} nested />
      <p>
        <Link to={`${listingPagePath('mortgage-calculator', language)}?price=${price}`}>
          {intl.formatMessage({ id: 'customer.property.mortgageCalculator' })}
        </Link>
      </p>
    </section>
  );
}
