import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { PROPERTY_TYPE_SLUGS, listingPagePath, type Site } from '@manzil/contracts';
import { Button, HomeIcon, SearchIcon, useDocumentHead, useLanguage, useRadioGroup } from '@manzil/ui';
import { HomeBanner, HomeRows } from './content/home-sections.js';
import { PlansSection } from './payments/plans-section.js';

const PURPOSES = ['buy', 'rent'] as const;
type Purpose = (typeof PURPOSES)[number];

/**
 * Customer home: a hero that opens the listings for sale or for rent (the search box with
 * places and filters comes with the search screens), and the listing types to browse.
 */
export function HomePage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [purpose, setPurpose] = useState<Purpose>('buy');
  const { groupProps, radioProps } = useRadioGroup(PURPOSES, purpose, setPurpose);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  useDocumentHead({
    language,
    title: t('customer.home.title', { country: t(`customer.country.${site}`) }),
    description: t('customer.home.subtitle'),
    path: '/',
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(listingPagePath(purpose, language));
  };

  return (
    <div className="cu-home">
      <section className="cu-hero">
        <div className="mz-container">
          <h1 className="cu-hero__title">
            {t('customer.home.title', { country: t(`customer.country.${site}`) })}
          </h1>
          <p className="cu-hero__subtitle">{t('customer.home.subtitle')}</p>
          <form
            className="cu-search"
            role="search"
            aria-label={t('customer.home.search.label')}
            onSubmit={search}
          >
            <div
              className="cu-search__purpose"
              {...groupProps}
              aria-label={t('customer.home.search.purpose')}
            >
              {PURPOSES.map((value) => (
                <button key={value} {...radioProps(value)} className="cu-search__purpose-option">
                  {t(`customer.purpose.${value}`)}
                </button>
              ))}
            </div>
            <Button type="submit" size="lg" data-testid="home-search-submit">
              <SearchIcon aria-hidden="true" />
              {t('customer.home.search.submit')}
            </Button>
          </form>
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
