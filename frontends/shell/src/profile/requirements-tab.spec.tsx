import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Requirement } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { requirement } from '@manzil/ui/test/fixtures';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { profileTabsFor } from './profile-page.js';
import { RequirementsTab } from './requirements-tab.js';

const open = requirement({ finance: 'mortgage', agreementStatus: 'exclusive', userType: 'corporate' });
const page = (items: Requirement[], total = items.length) =>
  envelope(200, { items, page: 1, limit: 10, total });

describe('my requirements tab (issue 14)', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSession({ token: fakeToken({ role: 'user', firstName: 'Khalid' }), refresh_token: 'r1' });
  });

  it('is a customer’s tab only', () => {
    expect(profileTabsFor('user')).toContain('requirements');
    for (const role of ['agent', 'company', 'admin', undefined])
      expect(profileTabsFor(role)).not.toContain('requirements');
  });

  it.each([
    [
      'en',
      'Buy · Apartment',
      'Mortgage · Exclusive agreement · Corporate',
      'Open',
      'Close',
      'Closed',
      'Reopen',
    ],
    ['ar', 'شراء · شقة', 'تمويل عقاري · اتفاق حصري · منشأة', 'مفتوح', 'إغلاق', 'مغلق', 'إعادة الفتح'],
  ] as const)(
    '%s: lists the customer’s requirements with their terms, closes one and asks before deleting',
    async (language, what, terms, openLabel, close, closedLabel, reopen) => {
      const closed = { ...open, status: 'closed' as const };
      const calls = mockFetch(
        page([open], 11),
        envelope(200, closed),
        page([closed], 11),
        envelope(200, { removed: true }),
        page([], 10),
        page([], 10),
      );
      renderScreen(<RequirementsTab language={language} />, { language, path: '/profile?tab=requirements' });
      const item = await screen.findByTestId('requirement-item');
      expect(item.textContent).toContain(what);
      expect(screen.getByTestId('requirement-budget').textContent).toContain('1,500,000 – 2,000,000');
      expect(screen.getByTestId('requirement-terms').textContent).toBe(terms);
      expect(screen.getByTestId('requirement-status').textContent).toBe(openLabel);
      expect(calls[0].url).toContain('/api/listings/v1/requirements/mine?page=1&limit=10');
      // Eleven rows: a second page.
      expect(screen.getByRole('navigation')).toBeTruthy();

      const toggle = screen.getByTestId('requirement-toggle');
      expect(toggle.textContent).toBe(close);
      await act(async () => {
        fireEvent.click(toggle);
      });
      await waitFor(() => expect(screen.getByTestId('requirement-status').textContent).toBe(closedLabel));
      expect(calls[1].url).toBe(`/api/listings/v1/requirements/${open.id}/status`);
      expect(JSON.parse(String(calls[1].init?.body))).toEqual({ status: 'closed' });
      expect(screen.getByTestId('requirement-toggle').textContent).toBe(reopen);

      // Delete: nothing is sent until the dialog says yes.
      fireEvent.click(screen.getByTestId('requirement-delete'));
      const dialog = await screen.findByTestId('confirm-dialog');
      expect(calls).toHaveLength(3);
      await act(async () => {
        fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
      });
      await waitFor(() => expect(calls[3]?.init?.method).toBe('DELETE'));
      expect(calls[3].url).toBe(`/api/listings/v1/requirements/${open.id}`);
      await screen.findByTestId('requirements-empty');
    },
  );
});
