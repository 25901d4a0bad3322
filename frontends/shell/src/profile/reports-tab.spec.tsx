import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountProfileWithEmail, Language } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { ProfilePage } from './profile-page.js';
import { bucketLabel } from './reports-tab.js';

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
  items: months.map((start, i) => ({
    start,
    added: 2 + i,
    approved: 1 + i,
    views: 40 + 1200 * i,
    leads: 3 + i,
  })),
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
    ['en', 'Reports', 'Views and leads', ['Views', 'Leads']],
    ['ar', 'التقارير', 'المشاهدات والعملاء المحتملون', ['المشاهدات', 'العملاء المحتملون']],
  ] as const)(
    'in %s, reads listings, views and leads from listings and spend from payments, window by window',
    async (language: Language, tabName, viewsLeads, labels) => {
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
      // Views and leads are drawn now, with the window's totals (Latin digits in both languages).
      expect(screen.queryByTestId('reports-not-tracked')).toBeNull();
      const chart = screen.getByTestId('reports-views-leads');
      expect(chart.getAttribute('aria-label')).toBe(viewsLeads);
      expect(chart.querySelector('.profile-report__chart')?.getAttribute('dir')).toBe('ltr');
      expect(
        Array.from(
          screen.getByTestId('reports-views-leads-totals').querySelectorAll('dt'),
          (dt) => dt.textContent,
        ),
      ).toEqual(labels);
      expect(screen.getByTestId('reports-views-total').textContent).toBe('1,280');
      expect(screen.getByTestId('reports-leads-total').textContent).toBe('7');
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

  it('labels the axis with three-letter months ("Sep", not en-GB\'s "Sept") and Latin digits', () => {
    expect(bucketLabel('en', 'month')('2026-09-01')).toBe('Sep 26');
    expect(bucketLabel('en', 'week')('2026-09-07')).toBe('7 Sep');
    expect(bucketLabel('ar', 'month')('2026-09-01')).toMatch(/^سبتمبر 26$/);
  });
});
