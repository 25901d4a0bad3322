import { useMemo, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Language, Site } from '@manzil/contracts';
import { intlLocale } from '../format/locale.js';
import { uiMessages } from '../messages/index.js';
import { SiteProvider } from './site-date.js';

export interface LanguageProviderProps {
  language: Language;
  /** The frontend's own messages in that language; the design system's are merged in. */
  messages: Record<string, string>;
  /** The site the frontend renders for (dates differ: Hijri beside Gregorian on the Saudi site in Arabic). */
  site?: Site;
  children: ReactNode;
}

/**
 * react-intl for one frontend: the page's locale (Latin digits), its messages and its site.
 * The merged messages are one object per language and messages: IntlProvider compares its
 * props shallowly and builds a new intl object (and context value, so every `useIntl` below
 * renders again) whenever they differ; a new object on each render did that on every render
 * of the page's frame (issue 10: the longest script tasks of the first load).
 */
export function LanguageProvider({ language, messages, site = 'ae', children }: LanguageProviderProps) {
  const merged = useMemo(() => ({ ...uiMessages[language], ...messages }), [language, messages]);
  return (
    <IntlProvider locale={intlLocale(language)} defaultLocale="en-AE" messages={merged}>
      <SiteProvider site={site}>{children}</SiteProvider>
    </IntlProvider>
  );
}
