import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Appointment } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { AppointmentsTab } from './appointments-tab.js';

const pending: Appointment = {
  id: '0195f3a0-0000-7000-8000-0000000000b1',
  kind: 'viewing',
  status: 'pending',
  startsAt: '2026-12-01T11:30:00.000Z',
  timeZone: 'Asia/Dubai',
  property: {
    id: '0195f3a0-0000-7000-8000-0000000000c1',
    slug: 'marina-view',
    title: { en: 'Marina view', ar: 'إطلالة المارينا' },
  },
  agentId: '0195f3a0-0000-7000-8000-0000000000d1',
  customer: {
    id: '0195f3a0-0000-7000-8000-0000000000e1',
    name: 'Sara Ali',
    phone: '+971501234567',
    email: 'sara@example.com',
  },
  note: '',
  createdAt: '2026-11-26T10:00:00.000Z',
  decidedAt: null,
};
const page = (items: Appointment[]) => envelope(200, { items, page: 1, limit: 10, total: items.length });

describe('my appointment tab (spec §2, §4, §9)', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSession({ token: fakeToken({ role: 'agent', firstName: 'Omar' }), refresh_token: 'r1' });
  });

  it('shows the date "DD MMM, YYYY" and time "hh:mm A" in the site’s zone, and the agent accepts', async () => {
    const accepted = { ...pending, status: 'accepted' as const, decidedAt: '2026-11-26T11:00:00.000Z' };
    const calls = mockFetch(page([pending]), envelope(200, accepted), page([accepted]));
    renderScreen(<AppointmentsTab language="en" role="agent" />, { path: '/profile?tab=appointments' });
    const item = await screen.findByTestId('appointment-item');
    expect(screen.getByTestId('appointment-date').textContent).toBe('01 Dec, 2026');
    expect(screen.getByTestId('appointment-time').textContent).toBe('03:30 PM');
    expect(screen.getByTestId('appointment-customer').textContent).toContain('Sara Ali');
    expect(item.getAttribute('data-status')).toBe('pending');
    await act(async () => {
      fireEvent.click(screen.getByTestId('appointment-accept'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('appointment-item').getAttribute('data-status')).toBe('accepted'),
    );
    expect(calls[1].url).toBe(`/api/listings/v1/appointments/${pending.id}/status`);
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ status: 'accepted' });
    expect(screen.queryByTestId('appointment-accept')).toBeNull();
  });

  it('in Arabic, the agent rejects a request after the confirm dialog: marked rejected, no more buttons', async () => {
    const rejected = { ...pending, status: 'rejected' as const, decidedAt: '2026-11-26T11:00:00.000Z' };
    const calls = mockFetch(page([pending]), envelope(200, rejected), page([rejected]));
    renderScreen(<AppointmentsTab language="ar" role="agent" />, {
      language: 'ar',
      path: '/profile?tab=appointments',
    });
    await screen.findByTestId('appointment-item');
    expect(screen.getByTestId('appointment-reject').textContent).toBe('رفض');
    // A rejection is asked once more (the customer is told).
    fireEvent.click(screen.getByTestId('appointment-reject'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      'هل تريد رفض هذا الموعد؟ سيتم إبلاغ العميل.',
    );
    expect(calls).toHaveLength(1);
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-dialog-ok'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('appointment-item').getAttribute('data-status')).toBe('rejected'),
    );
    expect(calls[1].url).toBe(`/api/listings/v1/appointments/${pending.id}/status`);
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ status: 'rejected' });
    expect(screen.getByTestId('appointment-status').textContent).toBe('مرفوض');
    expect(screen.queryByTestId('appointment-accept')).toBeNull();
    expect(screen.queryByTestId('appointment-reject')).toBeNull();
  });

  it('gives a customer the list in Arabic without the agent’s buttons', async () => {
    storeSession({ token: fakeToken({ role: 'user', firstName: 'Sara' }), refresh_token: 'r1' });
    mockFetch(page([pending]));
    renderScreen(<AppointmentsTab language="ar" role="user" />, { language: 'ar', path: '/profile' });
    await screen.findByTestId('appointment-item');
    expect(screen.getByTestId('appointment-date').textContent).toBe('01 ديسمبر، 2026');
    expect(screen.getByTestId('appointment-time').textContent).toBe('03:30 م');
    expect(screen.getByTestId('appointment-status').textContent).toBe('قيد الانتظار');
    expect(screen.queryByTestId('appointment-accept')).toBeNull();
    expect(screen.queryByTestId('appointment-customer')).toBeNull();
  });

  it.each([
    ['en', 'Cancel appointment', 'Canceled'],
    ['ar', 'إلغاء الموعد', 'ملغى'],
  ] as const)(
    '%s: the customer cancels a pending or accepted one after the confirm dialog',
    async (language, label, canceledLabel) => {
      storeSession({ token: fakeToken({ role: 'user', firstName: 'Sara' }), refresh_token: 'r1' });
      const accepted = { ...pending, status: 'accepted' as const, decidedAt: '2026-11-26T11:00:00.000Z' };
      const canceled = { ...accepted, status: 'canceled' as const };
      const calls = mockFetch(page([accepted]), envelope(200, canceled), page([canceled]));
      renderScreen(<AppointmentsTab language={language} role="user" />, { language, path: '/profile' });
      const button = await screen.findByTestId('appointment-cancel');
      expect(button.textContent).toBe(label);
      // Saying no to the dialog sends nothing.
      fireEvent.click(button);
      fireEvent.click(await screen.findByTestId('confirm-dialog-cancel'));
      await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
      expect(calls).toHaveLength(1);
      fireEvent.click(screen.getByTestId('appointment-cancel'));
      await act(async () => {
        fireEvent.click(await screen.findByTestId('confirm-dialog-ok'));
      });
      await waitFor(() =>
        expect(screen.getByTestId('appointment-item').getAttribute('data-status')).toBe('canceled'),
      );
      expect(calls[1].url).toBe(`/api/listings/v1/appointments/${pending.id}/cancel`);
      expect(calls[1].init?.method).toBe('POST');
      expect(screen.getByTestId('appointment-status').textContent).toBe(canceledLabel);
      expect(screen.queryByTestId('appointment-cancel')).toBeNull();
    },
  );

  it('offers no cancel on a rejected appointment, nor to the agent', async () => {
    storeSession({ token: fakeToken({ role: 'user', firstName: 'Sara' }), refresh_token: 'r1' });
    mockFetch(page([{ ...pending, status: 'rejected', decidedAt: '2026-11-26T11:00:00.000Z' }]));
    const view = renderScreen(<AppointmentsTab language="en" role="user" />, { path: '/profile' });
    await screen.findByTestId('appointment-item');
    expect(screen.queryByTestId('appointment-cancel')).toBeNull();
    view.unmount();
    mockFetch(page([pending]));
    renderScreen(<AppointmentsTab language="en" role="agent" />, { path: '/profile' });
    await screen.findByTestId('appointment-accept');
    expect(screen.queryByTestId('appointment-cancel')).toBeNull();
  });
});
