import { useIntl } from 'react-intl';
import { useLanguage } from '@manzil/ui';

/** The console's texts in the page's language. */
export function useAdminText() {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return { t, language, intl };
}
