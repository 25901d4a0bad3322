import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Language } from '@manzil/contracts';
import { intlLocale } from '../format/locale.js';
import { uiMessages } from '../messages/index.js';

export interface LanguageProviderProps {
  language: Language;
  /** The frontend's own messages in that language; the design system's are merged in. */
  messages: Record<string, string>;
  children: ReactNode;
}

/** react-intl for one frontend: the page's locale (Latin digits) and its messages. */
export function LanguageProvider({ language, messages, children }: LanguageProviderProps) {
  return (
    <IntlProvider
      locale={intlLocale(language)}
      defaultLocale="en-AE"
      messages={{ ...uiMessages[language], ...messages }}
    >
      {children}
    </IntlProvider>
  );
}
