// The customer remote's pages under test as the shell mounts them: a fresh query cache, a router
// at `path`, the remote's messages in `language`, and the feedback provider (toasts, confirm).
// The component specs' shared harness (not shipped: only the specs import it).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Language, Site } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from './i18n/ar.json' with { type: 'json' };
import en from './i18n/en.json' with { type: 'json' };

/** Renders the first of `routes` (route path → page) that matches `path`. */
export function renderRoutes(
  language: Language,
  path: string,
  routes: Record<string, ReactElement>,
  site: Site = 'ae',
) {
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en} site={site}>
          <FeedbackProvider language={language}>
            <Routes>
              {Object.entries(routes).map(([route, page]) => (
                <Route key={route} path={route} element={page} />
              ))}
            </Routes>
          </FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}
