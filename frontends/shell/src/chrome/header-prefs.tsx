import { useIntl } from 'react-intl';
import { LANGUAGE_ENTRIES, SITES, type Language, type Site, type SiteConfig } from '@manzil/contracts';
import { Select, currencyLabel } from '@manzil/ui';
import { GlobeIcon } from './chrome-icons.js';

export interface HeaderPrefsProps {
  language: Language;
  site: Site;
  config: SiteConfig;
  onLanguageChange: (language: Language) => void;
  onSiteChange: (site: Site) => void;
  /** The drawer shows the labels on screen. */
  showLabels?: boolean;
}

/** Currency indicator, language dropdown and the country dropdown (the other site). */
export function HeaderPrefs({
  language,
  site,
  config,
  onLanguageChange,
  onSiteChange,
  showLabels = false,
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
      <Select
        label={intl.formatMessage({ id: 'shell.language' })}
        showLabel={showLabels}
        value={language}
        testId="language-select"
        icon={<GlobeIcon />}
        options={LANGUAGE_ENTRIES.map((entry) => ({
          value: entry.language,
          label: entry.lang,
          lang: entry.language,
        }))}
        onChange={onLanguageChange}
      />
      <Select
        label={intl.formatMessage({ id: 'shell.country' })}
        showLabel={showLabels}
        value={site}
        testId="country-select"
        options={SITES.map((value) => ({
          value,
          label: intl.formatMessage({ id: `shell.country.${value}` }),
        }))}
        onChange={onSiteChange}
      />
    </>
  );
}
