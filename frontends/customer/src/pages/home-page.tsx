import { useIntl } from 'react-intl';
import { Link, useNavigate } from '@manzil/ui/router';
import { PROPERTY_TYPE_SLUGS, listingPagePath, type Site } from '@manzil/contracts';
import { HomeIcon, useDocumentHead, useLanguage } from '@manzil/ui';
import { SearchForm } from '../search/search-form.js';
import { EMPTY_FILTERS, searchHref } from '../search/search-filters.js';
import { HomeBanner, HomeRows } from './content/home-sections.js';
import { PlansSection } from './payments/plans-section.js';

/**
 * Customer home: a hero with the property search, which opens the listing page of the chosen
 * type with the filters in its address, and the listing types to browse.
 */
export function HomePage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  useDocumentHead({
    language,
    title: t('customer.home.title', { country: t(`customer.country.${site}`) }),
    description: t('customer.home.subtitle'),
    path: '/',
  });

  return (
    <div className="cu-home">
      <section className="cu-hero">
        <div className="mz-container">
          <h1 className="cu-hero__title">
            {t('customer.home.title', { country: t(`customer.country.${site}`) })}
          </h1>
          <p className="cu-hero__subtitle">{t('customer.home.subtitle')}</p>
          <SearchForm
            variant="hero"
            type="buy"
            filters={EMPTY_FILTERS}
            onSearch={(type, filters) => navigate(searchHref(type, filters, language))}
          />
        </div>
      </section>

      <section className="mz-container cu-browse">
        <h2 className="cu-browse__title">{t('customer.home.browse')}</h2>
        <ul className="cu-browse__list">
          {PROPERTY_TYPE_SLUGS.map((type) => (
            <li key={type}>
              <Link className="cu-browse__tile" to={listingPagePath(type, language)}>
                <span className="cu-browse__icon">
                  <HomeIcon />
                </span>
                <span className="cu-browse__name">{t(`customer.type.${type}`)}</span>
                <span className="cu-browse__hint">{t(`customer.type.${type}.hint`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <PlansSection />
      <HomeBanner />
      <HomeRows />
    </div>
  );
}
