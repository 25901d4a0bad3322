import { useIntl } from 'react-intl';
import type { Language } from '@manzil/contracts';
import { languageOfLocale } from '../format/locale.js';

/** The page's language, read from the nearest IntlProvider. */
export function useLanguage(): Language {
  return languageOfLocale(useIntl().locale);
}
