import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { FeedbackProvider, LanguageProvider, TOKEN_KEY, setLoginPromptHandler } from '@manzil/ui';
import { WithQueryClient, testQueryClient } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { SaveSearchButton } from './save-search-button.js';

const SAVED = {
  id: '0195f3a0-0000-7000-8000-0000000000bb',
  name: 'Two beds',
  frequency: 'daily',
  link: '/buy/properties-for-sale?beds=2',
  filters: { propertyType: 'buy', bedrooms: [2] },
  createdAt: '2026-11-28T10:00:00.000Z',
  lastDigestAt: null,
};

/** The API answers a save with `status` (and the server's message when it refuses). */
function api(status = 201, message = 'Saved') {
  const mock = jest.fn<typeof fetch>(async () => {
    const results = status < 400 ? SAVED : { code: 'SAVED_SEARCH_LIMIT_REACHED' };
    return {
      status,
      ok: status < 400,
      statusText: String(status),
      json: async () => ({ status, success: status < 400, message, results }),
    } as Response;
  });
  globalThis.fetch = mock;
  return mock;
}

function signIn(role: 'user' | 'agent' | 'company' | null) {
  if (!role) return localStorage.removeItem(TOKEN_KEY);
  const payload = Buffer.from(JSON.stringify({ role, firstName: 'Sara' })).toString('base64url');
  localStorage.setItem(TOKEN_KEY, `header.${payload}.signature`);
}

function renderButton(language: 'en' | 'ar' = 'en') {
  render(
    <MemoryRouter initialEntries={['/buy/properties-for-sale?beds=2']}>
      <WithQueryClient client={testQueryClient()}>
        <LanguageProvider language={language} messages={language === 'ar' ? ar : en}>
          <FeedbackProvider language={language}>
            <SaveSearchButton
              defaultName="Properties for sale"
              filters={{ propertyType: 'buy', bedrooms: '2', q: undefined, sort: 'newest' }}
            />
          </FeedbackProvider>
        </LanguageProvider>
      </WithQueryClient>
    </MemoryRouter>,
  );
}

describe('SaveSearchButton (issue 14 item 8)', () => {
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  it('asks a visitor to log in and calls nothing', () => {
    signIn(null);
    const fetchMock = api();
    const prompts: string[] = [];
    const stop = setLoginPromptHandler((reason) => prompts.push(reason));
    renderButton();
    fireEvent.click(screen.getByTestId('save-search'));
    expect(prompts).toEqual(['savedSearch']);
    expect(screen.queryByTestId('save-search-dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('is not offered to agents and companies', () => {
    for (const role of ['agent', 'company'] as const) {
      signIn(role);
      const { unmount } = render(
        <MemoryRouter>
          <WithQueryClient client={testQueryClient()}>
            <LanguageProvider language="en" messages={en}>
              <SaveSearchButton defaultName="x" filters={{}} />
            </LanguageProvider>
          </WithQueryClient>
        </MemoryRouter>,
      );
      expect(screen.queryByTestId('save-search')).toBeNull();
      unmount();
    }
  });

  it('saves the page’s filters and link with the name and frequency chosen', async () => {
    signIn('user');
    const fetchMock = api();
    renderButton();
    fireEvent.click(screen.getByTestId('save-search'));
    // The dialog is its own chunk, fetched on the first click.
    const name = (await screen.findByTestId('save-search-name')).querySelector('input')!;
    expect(name.value).toBe('Properties for sale');
    fireEvent.change(name, { target: { value: 'Two beds' } });
    fireEvent.change(screen.getByTestId('save-search-frequency').querySelector('select')!, {
      target: { value: 'daily' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-search-submit'));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/search/v1/saved-searches');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Two beds',
      frequency: 'daily',
      link: '/buy/properties-for-sale?beds=2',
      filters: { propertyType: 'buy', bedrooms: [2] },
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('Search saved.');
    await waitFor(() => expect(screen.queryByTestId('save-search-dialog')).toBeNull());
  });

  it('shows the server’s refusal (the cap) in Arabic and keeps the dialog open', async () => {
    signIn('user');
    const message = 'يمكنك الاحتفاظ بما يصل إلى 20 عملية بحث محفوظة. يرجى حذف واحدة لحفظ أخرى.';
    api(422, message);
    renderButton('ar');
    expect(screen.getByTestId('save-search').textContent).toContain('حفظ البحث');
    fireEvent.click(screen.getByTestId('save-search'));
    const submit = await screen.findByTestId('save-search-submit');
    await act(async () => {
      fireEvent.click(submit);
    });
    expect((await screen.findByTestId('toast')).textContent).toContain(message);
    expect(screen.getByTestId('save-search-dialog')).toBeTruthy();
  });
});
