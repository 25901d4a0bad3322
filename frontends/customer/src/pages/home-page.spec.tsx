import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { listingPagePath, type Language } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { HomePage } from './home-page.js';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{decodeURI(pathname)}</output>;
}

function renderHome(language: Language) {
  // The content rows have nothing to show: the hero stands alone.
  globalThis.fetch = jest.fn<typeof fetch>(
    async () =>
      ({
        status: 404,
        ok: false,
        statusText: 'Not Found',
        json: async () => ({ status: 404, success: false, message: 'Not found', results: null }),
      }) as Response,
  );
  render(
    <WithQueryClient client={testQueryClient()}>
      <MemoryRouter>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <Routes>
            <Route path="/" element={<HomePage site="ae" />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </LanguageProvider>
      </MemoryRouter>
    </WithQueryClient>,
  );
}

describe('home hero', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it.each(['en', 'ar'] as const)(
    'promises nothing that is not there and asks nothing it ignores (%s)',
    (language) => {
      renderHome(language);
      const hero = screen.getByRole('search');
      const page = document.body.textContent ?? '';
      expect(page).not.toMatch(/coming soon|قادمة قريب/i);
      // Every control of the search is used by the search: a typed place would be dropped.
      expect(hero.querySelectorAll('input, select, textarea')).toHaveLength(0);
    },
  );

  it.each(['en', 'ar'] as const)('takes the visitor to the chosen listings (%s)', (language) => {
    renderHome(language);
    fireEvent.click(screen.getByRole('radio', { name: language === 'ar' ? 'إيجار' : 'Rent' }));
    fireEvent.click(screen.getByTestId('home-search-submit'));
    expect(screen.getByTestId('where').textContent).toBe(listingPagePath('rent', language));
  });
});
