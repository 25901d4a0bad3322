import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { PROPERTY_TYPE_SLUGS, listingPagePath, type Site } from '@manzil/contracts';
import { Button, HomeIcon, SearchIcon, useDocumentHead, useLanguage } from '@manzil/ui';
import { HomeBanner, HomeRows } from './content/home-sections.js';

type Purpose = 'buy' | 'rent';

/** Customer home: a hero with a simple search box, and the listing types to browse. */
export function HomePage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const navigate = useNavigate();
  const [purpose, setPurpose] = useState<Purpose>('buy');
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
              role="radiogroup"
              aria-label={t('customer.home.search.purpose')}
            >
              {(['buy', 'rent'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={purpose === value}
                  className="cu-search__purpose-option"
                  onClick={() => setPurpose(value)}
                >
                  {t(`customer.purpose.${value}`)}
                </button>
              ))}
            </div>
            <label className="cu-search__field">
              <SearchIcon className="cu-search__icon" />
              <span className="mz-visually-hidden">{t('customer.home.search.location')}</span>
              <input
                type="search"
                name="location"
                placeholder={t('customer.home.search.location')}
                autoComplete="off"
              />
            </label>
            <Button type="submit" size="lg" data-testid="home-search-submit">
              {t('customer.home.search.submit')}
            </Button>
          </form>
          <p className="cu-hero__note">{t('customer.home.search.soon')}</p>
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
      <HomeBanner />
      <HomeRows />
    </div>
  );
}
