import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from '@manzil/ui/router';
import { LANGUAGE_ENTRIES, SITES, type Language, type Site, type SiteConfig } from '@manzil/contracts';
import { ChevronDownIcon, currencyLabel, useDisclosure } from '@manzil/ui';
import { siteUrl } from '../site/site.js';
import { GlobeIcon } from './chrome-icons.js';

export interface HeaderPrefsProps {
  language: Language;
  site: Site;
  config: SiteConfig;
  onLanguageChange: (language: Language) => void;
  /** The drawer lays the choices out in full, with their labels on screen. */
  inDrawer?: boolean;
}

/**
 * Currency indicator, language switch and country switch. Both switches act only when
 * activated (WCAG 3.2.2: a select that navigates on `change` moves the page while a keyboard
 * user is still browsing its options): the language is a button per other language, the
 * country a list of links to the other site, behind a disclosure in the header bar.
 */
export function HeaderPrefs({
  language,
  site,
  config,
  onLanguageChange,
  inDrawer = false,
}: HeaderPrefsProps) {
  const intl = useIntl();
  return (
    <>
      <span
        className="shell-currency"
        data-testid="currency-indicator"
        title={intl.formatMessage({ id: 'shell.currency' }, { currency: config.currency })}
      >
        {currencyLabel(config.currency, language)}
      </span>
      <LanguageSwitch language={language} onChange={onLanguageChange} showLabel={inDrawer} />
      {inDrawer ? (
        <CountryList site={site} language={language} labelled />
      ) : (
        <CountrySwitch site={site} language={language} />
      )}
    </>
  );
}

/**
 * The other language(s), each a button named in its own language («العربية» with
 * `lang="ar"`, so a screen reader reads it in Arabic inside an English page).
 */
export function LanguageSwitch({
  language,
  onChange,
  showLabel = false,
}: {
  language: Language;
  onChange: (language: Language) => void;
  showLabel?: boolean;
}) {
  const intl = useIntl();
  const labelId = useId();
  const buttons = LANGUAGE_ENTRIES.filter((entry) => entry.language !== language).map((entry) => (
    <button
      key={entry.language}
      type="button"
      className="shell-pref-button"
      onClick={() => onChange(entry.language)}
      data-testid={`language-option-${entry.language}`}
    >
      <GlobeIcon />
      {/* Its own language and direction on the name only: the icon stays at the page's start. */}
      <span lang={entry.language} dir={entry.dir}>
        {entry.lang}
      </span>
    </button>
  ));
  if (!showLabel) return <>{buttons}</>;
  return (
    <div className="shell-pref-group" role="group" aria-labelledby={labelId}>
      <span className="shell-pref-group__label" id={labelId}>
        {intl.formatMessage({ id: 'shell.language' })}
      </span>
      {buttons}
    </div>
  );
}

/** The sites as links (the current one marked, not linked): the same page on the other origin. */
function CountryList({
  site,
  language,
  labelled = false,
}: {
  site: Site;
  language: Language;
  labelled?: boolean;
}) {
  const intl = useIntl();
  const labelId = useId();
  // Re-rendered on every navigation, so each link carries the current path and query.
  useLocation();
  const label = intl.formatMessage({ id: 'shell.country' });
  return (
    <div className="shell-pref-group">
      {labelled ? (
        <span className="shell-pref-group__label" id={labelId}>
          {label}
        </span>
      ) : null}
      <ul
        className="shell-country-list"
        aria-label={labelled ? undefined : label}
        aria-labelledby={labelled ? labelId : undefined}
      >
        {SITES.map((value) => {
          const name = intl.formatMessage({ id: `shell.country.${value}` });
          return (
            <li key={value}>
              {value === site ? (
                <span
                  className="shell-country-list__item"
                  aria-current="true"
                  data-testid={`country-option-${value}`}
                >
                  {name}
                </span>
              ) : (
                <a
                  className="shell-country-list__item"
                  href={siteUrl(value, window.location, language)}
                  data-testid={`country-option-${value}`}
                >
                  {name}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The header bar's country: a disclosure button naming the current country, over the list. */
function CountrySwitch({ site, language }: { site: Site; language: Language }) {
  const intl = useIntl();
  const { open, rootRef, buttonProps, panelProps } = useDisclosure();
  const label = intl.formatMessage({ id: 'shell.country' });
  const current = intl.formatMessage({ id: `shell.country.${site}` });
  return (
    <div className="shell-country" ref={rootRef}>
      <button {...buttonProps} className="shell-pref-button" data-testid="country-switcher">
        <span className="mz-visually-hidden">{label}: </span>
        {current}
        <ChevronDownIcon className="shell-pref-button__chevron" />
      </button>
      {open ? (
        <div className="shell-country__panel" {...panelProps}>
          <CountryList site={site} language={language} />
        </div>
      ) : null}
    </div>
  );
}
