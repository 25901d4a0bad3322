import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Language, Site } from '@manzil/contracts';
import { FeedbackProvider, LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { LoginPromptProvider } from './feedback.js';
import { ShellContext } from './shell-context.js';

/** An unsigned JWT: the shell only reads the payload. */
export function fakeToken(payload: object): string {
  const encode = (value: object) => {
    const utf8 = encodeURIComponent(JSON.stringify(value)).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'none' })}.${encode(payload)}.x`;
}

/** Replies to fetch calls in order; records what was sent. */
export function mockFetch(...replies: { status: number; body: unknown }[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const reply = replies.shift() ?? { status: 500, body: null };
    return {
      status: reply.status,
      ok: reply.status < 400,
      statusText: '',
      json: async () => reply.body,
    } as Response;
  }) as typeof fetch;
  return calls;
}

export const envelope = (status: number, results: unknown, message = 'OK') => ({
  status,
  body: { status, success: status < 400, message, results },
});

function WhereAmI() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a shell screen with its providers (a query client of its own) at `path`, in a language and site. */
export function renderScreen(
  element: ReactNode,
  {
    path = '/',
    state,
    language = 'en',
    site = 'ae',
  }: { path?: string; state?: unknown; language?: Language; site?: Site } = {},
) {
  const messages = language === 'ar' ? ar : en;
  return render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter
        initialEntries={[
          { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
        ]}
      >
        <LanguageProvider language={language} messages={messages}>
          <ShellContext.Provider value={{ language, site, changeLanguage: () => undefined }}>
            <FeedbackProvider language={language}>
              <LoginPromptProvider>
                <Routes>
                  <Route path="*" element={element} />
                </Routes>
                <WhereAmI />
              </LoginPromptProvider>
            </FeedbackProvider>
          </ShellContext.Provider>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}
