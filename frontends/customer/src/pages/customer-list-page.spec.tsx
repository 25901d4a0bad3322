import '@manzil/ui/test/jsdom-globals';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Language } from '@manzil/contracts';
import { TOKEN_KEY } from '@manzil/ui';
import { envelopeResponse } from '@manzil/ui/test/query';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { SavedSearchesPage } from '../saved-searches/saved-searches-page.js';
import { MyWishlistPage } from '../wishlist/my-wishlist-page.js';
import { renderRoutes } from '../test-harness.js';

const search = (n: number) => ({
  id: `0195f3a0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  name: `Search ${n}`,
  frequency: 'instant',
  link: '/buy/properties-for-sale',
  filters: { propertyType: 'buy' },
  createdAt: '2026-11-28T10:00:00.000Z',
  lastDigestAt: null,
});

/** The saved searches and wishlist APIs: `total` saved searches, an empty wishlist, or a failure. */
function api({ total = 0, fails = false }: { total?: number; fails?: boolean } = {}) {
  const mock = jest.fn<typeof fetch>(async (input) => {
    if (fails) return envelopeResponse(500, null, 'Down');
    const url = new URL(String(input), 'http://ae.localhost');
    const page = Number(url.searchParams.get('page'));
    const items = url.pathname.includes('wishlist')
      ? []
      : Array.from({ length: Math.min(10, total - (page - 1) * 10) }, (_, i) => search((page - 1) * 10 + i));
    return envelopeResponse(200, {
      items,
      page,
      limit: 10,
      total: url.pathname.includes('wishlist') ? 0 : total,
    });
  });
  globalThis.fetch = mock;
  return mock;
}

function loginAs(role: 'user' | 'agent' | null) {
  if (role)
    localStorage.setItem(
      TOKEN_KEY,
      `h.${Buffer.from(JSON.stringify({ role, firstName: 'Sara' })).toString('base64url')}.s`,
    );
}

function renderAt(path: string, language: Language = 'en') {
  renderRoutes(language, path, {
    '/myWishlist': <MyWishlistPage />,
    '/saved-searches': <SavedSearchesPage />,
  });
}

afterEach(() => {
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('CustomerListPage (the wishlist and saved searches pages)', () => {
  it('asks a visitor to log in, without calling the API', () => {
    const fetchMock = api();
    renderAt('/myWishlist');
    const gate = screen.getByTestId('wishlist-not-customer');
    expect(within(gate).getByRole('link').getAttribute('href')).toBe('/login');
    expect(gate.textContent).toContain(en['customer.wishlist.loginTitle']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells an agent, in Arabic, that saved searches are for customers, without calling the API', () => {
    loginAs('agent');
    const fetchMock = api();
    renderAt('/saved-searches', 'ar');
    const gate = screen.getByTestId('saved-searches-not-customer');
    expect(gate.textContent).toContain(ar['customer.savedSearch.customersOnly']);
    expect(within(gate).getByRole('link').getAttribute('href')).toBe('/');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pages through a customer’s saved searches with ?page=', async () => {
    loginAs('user');
    const fetchMock = api({ total: 25 });
    renderAt('/saved-searches?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getAllByTestId('saved-search')).toHaveLength(10);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(
      fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('page')),
    ).toEqual(['2', '1']);
  });

  it('shows a customer’s empty wishlist with a way to browse', async () => {
    loginAs('user');
    api();
    renderAt('/myWishlist');
    const empty = await screen.findByTestId('wishlist-empty');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/');
  });

  it('offers to try again when the list cannot be read', async () => {
    loginAs('user');
    const fetchMock = api({ fails: true });
    renderAt('/saved-searches');
    const error = await screen.findByTestId('saved-searches-error', {}, { timeout: 5000 });
    const calls = fetchMock.mock.calls.length;
    await act(async () => {
      fireEvent.click(within(error).getByRole('button'));
    });
    expect(fetchMock.mock.calls.length).toBeGreaterThan(calls);
  });
});
