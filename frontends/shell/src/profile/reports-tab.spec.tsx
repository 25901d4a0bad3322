import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountProfileWithEmail, Language } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { ProfilePage } from './profile-page.js';

const profile: AccountProfileWithEmail = accountProfile({
  role: 'company',
  firstName: 'Dar',
  lastName: 'Homes',
  name: 'Dar Homes',
  email: 'dar@example.com',
});

const months = ['2026-10-01', '2026-11-01'];
const listings = (bucket = 'month') => ({
  bucket,
  from: months[0],
  to: months[1],
  items: months.map((start, i) => ({ start, added: 2 + i, approved: 1 + i })),
});
const spend = (bucket = 'month') => ({
  bucket,
  from: months[0],
  to: months[1],
  currency: 'AED',
  items: months.map((start, i) => ({ start, amount: 1422 * i, payments: i })),
});

jest.setTimeout(60_000);

describe('/profile?tab=reports (company and agent)', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['en', 'Reports', 'Views and leads'],
    ['ar', 'التقارير', 'المشاهدات والعملاء المحتملون'],
  ] as const)(
    'in %s, reads listings from listings and spend from payments, window by window',
    async (language: Language, tabName, notTracked) => {
      storeSession({ token: fakeToken({ role: 'company', firstName: 'Dar' }), refresh_token: 'r1' });
      const calls = mockFetch(
        envelope(200, profile),
        envelope(200, listings()),
        envelope(200, spend()),
        envelope(200, listings('week')),
        envelope(200, spend('week')),
      );
      renderScreen(<ProfilePage />, { path: '/profile?tab=reports', language });
      expect(screen.getByTestId('profile-tab-reports').textContent).toBe(tabName);
      // The tab and recharts are loaded on demand: the first import is slow on a busy machine.
      await screen.findByTestId('reports', undefined, { timeout: 30_000 });
      expect(screen.getByTestId('reports-not-tracked').textContent).toContain(notTracked);
      expect(screen.getByTestId('reports-listings')).toBeTruthy();
      expect(screen.getByTestId('reports-spend')).toBeTruthy();
      expect(
        calls
          .slice(1, 3)
          .map((call) => call.url)
          .sort(),
      ).toEqual([
        '/api/listings/v1/reports/listings?bucket=month',
        '/api/payments/v1/reports/spend?bucket=month',
      ]);
      fireEvent.click(screen.getByTestId('reports-bucket-week'));
      await waitFor(() => expect(calls.length).toBe(5));
      expect(
        calls
          .slice(3)
          .map((call) => call.url)
          .sort(),
      ).toEqual([
        '/api/listings/v1/reports/listings?bucket=week',
        '/api/payments/v1/reports/spend?bucket=week',
      ]);
    },
  );

  it('is no tab of a customer', async () => {
    storeSession({ token: fakeToken({ role: 'user', firstName: 'Mona' }), refresh_token: 'r1' });
    mockFetch(envelope(200, { ...profile, role: 'user' }));
    renderScreen(<ProfilePage />, { path: '/profile?tab=reports' });
    await screen.findByTestId('profile-tab-profile');
    expect(screen.queryByTestId('profile-tab-reports')).toBeNull();
  });
});
