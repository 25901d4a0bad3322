import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { listingPagePath, type Language } from '@manzil/contracts';
import { LanguageProvider } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { HomePage } from './home-page.js';

// A form submit and a route change take a few renders: on a busy machine more than the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

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
      // The search's controls are all there: place, type, beds, baths, price, commercial.
      expect(hero.querySelector('[role="combobox"]')).not.toBeNull();
      expect(hero.querySelectorAll('[role="tab"]')).toHaveLength(2);
    },
  );

  it.each(['en', 'ar'] as const)('takes the visitor to the chosen listings (%s)', async (language) => {
    renderHome(language);
    fireEvent.click(screen.getByRole('tab', { name: language === 'ar' ? 'إيجار' : 'Rent' }));
    fireEvent.click(screen.getByTestId('home-search-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(listingPagePath('rent', language)),
    );
  });
});
