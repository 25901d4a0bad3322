import { Route, Routes } from 'react-router';
import { ARABIC_LISTING_PAGES, LISTING_PAGES, PROPERTY_TYPE_SLUGS } from '@manzil/contracts';
import { LanguageProvider, type RemoteAppProps } from '@manzil/ui';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };
import { ComingSoonPage } from './pages/coming-soon-page.js';
import { HomePage } from './pages/home-page.js';
import { ListingPage } from './pages/listing-page.js';

import './customer.css';

const messages = { en, ar };

/** The customer screens, mounted by the shell for every public route. */
export default function App({ language, site }: RemoteAppProps) {
  return (
    <LanguageProvider language={language} messages={messages[language]}>
      <Routes>
        <Route path="/" element={<HomePage site={site} />} />
        {PROPERTY_TYPE_SLUGS.flatMap((type) =>
          [LISTING_PAGES[type], ARABIC_LISTING_PAGES[type]].map((path) => (
            <Route key={path} path={path} element={<ListingPage propertyType={type} site={site} />} />
          )),
        )}
        <Route path="*" element={<ComingSoonPage />} />
      </Routes>
    </LanguageProvider>
  );
}
