import { jest } from '@jest/globals';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { Language } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };

/** Renders shell chrome with its messages, a router, the shared feedback and a query client of its own. */
export function renderChrome(ui: ReactNode, language: Language = 'en', path = '/') {
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <FeedbackProvider language={language}>{ui}</FeedbackProvider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

/** A fetch answering by path: `routes[pathname]` is the results (404 when absent). */
export function mockApi(routes: Record<string, unknown>) {
  const mock = jest.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://ae.localhost');
    const found = url.pathname in routes;
    return {
      status: found ? 200 : 404,
      ok: found,
      statusText: found ? 'OK' : 'Not Found',
      json: async () =>
        found
          ? { status: 200, success: true, message: 'OK', results: routes[url.pathname] }
          : { status: 404, success: false, message: 'Not found', results: null },
    } as Response;
  });
  globalThis.fetch = mock;
  return mock;
}
