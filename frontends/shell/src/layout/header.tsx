import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import {
  LANGUAGE_ENTRIES,
  SITES,
  listingPagePath,
  type Language,
  type Site,
  type SiteConfig,
} from '@manzil/contracts';
import { Select, buttonClassName, currencyLabel, type Session } from '@manzil/ui';
import { Logo } from './logo.js';

export interface HeaderProps {
  language: Language;
  site: Site;
  config: SiteConfig;
  session: Session | null;
  pathname: string;
  onLanguageChange: (language: Language) => void;
  onSiteChange: (site: Site) => void;
}

/** Spec §2 header: logo (larger on /), menu, currency, language and country, Login or the user. */
export function Header({
  language,
  site,
  config,
  session,
  pathname,
  onLanguageChange,
  onSiteChange,
}: HeaderProps) {
  const intl = useIntl();
  const currency = currencyLabel(config.currency, language);
  const activeTypes = config.propertyType.filter((type) => type.status === 'active');
  return (
    <header className="shell-header" data-testid="site-header">
      <div className="mz-container shell-header__inner">
        <div className="shell-header__logo">
          <Logo large={pathname === '/'} />
        </div>
        <nav className="shell-header__nav" aria-label={intl.formatMessage({ id: 'shell.nav.label' })}>
          {activeTypes.map((type) => (
            <NavLink key={type.slug} to={listingPagePath(type.slug, language)} className="shell-nav-link">
              {type.name}
            </NavLink>
          ))}
        </nav>
        <div className="shell-header__prefs">
          <span
            className="shell-currency"
            data-testid="currency-indicator"
            title={intl.formatMessage({ id: 'shell.currency' }, { currency: config.currency })}
          >
            {currency}
          </span>
          <Select
            label={intl.formatMessage({ id: 'shell.language' })}
            value={language}
            testId="language-select"
            options={LANGUAGE_ENTRIES.map((entry) => ({
              value: entry.language,
              label: entry.lang,
              lang: entry.language,
            }))}
            onChange={onLanguageChange}
          />
          <Select
            label={intl.formatMessage({ id: 'shell.country' })}
            value={site}
            testId="country-select"
            options={SITES.map((value) => ({
              value,
              label: intl.formatMessage({ id: `shell.country.${value}` }),
            }))}
            onChange={onSiteChange}
          />
        </div>
        <div className="shell-header__account">
          {session ? (
            <span
              className="shell-user"
              title={intl.formatMessage({ id: 'shell.account' }, { name: session.name })}
              data-testid="user-chip"
            >
              <span className="mz-avatar" aria-hidden="true">
                {session.name.charAt(0).toUpperCase() || '•'}
              </span>
              <span className="shell-user__name">{session.name}</span>
            </span>
          ) : (
            <Link className={buttonClassName('primary', 'sm')} to="/login" data-testid="login-button">
              {intl.formatMessage({ id: 'shell.login' })}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
