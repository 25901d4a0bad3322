import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AccountProfile } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { NotificationSettings } from './notification-settings.js';
import { SettingsTab } from './settings-tab.js';

const PREFERENCES = '/api/notifications/v1/notifications/preferences';

const checkbox = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('notification-settings-save'));
  });
}

describe('settings: notifications', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSession({ token: fakeToken({ role: 'user', firstName: 'Sara' }), refresh_token: 'r1' });
  });

  it('in English: shows the channels as labelled checkboxes in a fieldset, saves a channel turned off', async () => {
    const calls = mockFetch(
      envelope(200, { sms: true, email: true }),
      envelope(200, { sms: true, email: false }),
    );
    renderScreen(<NotificationSettings role="user" />, { language: 'en', path: '/profile?tab=settings' });

    const email = await screen.findByRole('checkbox', { name: 'E-mail' });
    const group = screen.getByRole('group', { name: 'How you receive notices' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    const inApp = within(group).getByRole('checkbox', { name: 'In your account' }) as HTMLInputElement;
    expect(inApp.disabled).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Text message (SMS)' })).toBe(
      checkbox('notification-pref-sms'),
    );
    expect(email.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.queryByText(/New enquiries from customers/)).toBeNull();

    fireEvent.click(email);
    await save();

    expect(await screen.findByText('Your notification choices have been saved.')).toBeTruthy();
    expect(calls.map((call) => [call.url, call.init?.method ?? 'GET'])).toEqual([
      [PREFERENCES, 'GET'],
      [PREFERENCES, 'PUT'],
    ]);
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ sms: true, email: false });
    expect(new Headers(calls[1].init?.headers).get('authorization')).toMatch(/^Bearer /);
    expect(checkbox('notification-pref-email').checked).toBe(false);
    expect(screen.queryByTestId('notification-settings-error')).toBeNull();
  });

  it('in Arabic: a failed save says so in Arabic and keeps what was ticked; a second try saves it', async () => {
    const calls = mockFetch(
      envelope(200, { sms: true, email: true }),
      envelope(500, null, 'حدث خطأ ما.'),
      envelope(200, { sms: false, email: true }),
    );
    renderScreen(<NotificationSettings role="user" />, { language: 'ar', path: '/profile?tab=settings' });

    expect(await screen.findByRole('heading', { name: 'الإشعارات' })).toBeTruthy();
    const sms = await screen.findByRole('checkbox', { name: 'الرسائل النصية القصيرة' });
    expect(screen.getByRole('group', { name: 'طرق استلام الإشعارات' })).toBeTruthy();
    fireEvent.click(sms);
    await save();

    const error = await screen.findByTestId('notification-settings-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('لم تُحفظ اختياراتك، وما زالت محددة هنا. يُرجى المحاولة مرة أخرى.');
    expect(checkbox('notification-pref-sms').checked).toBe(false);
    expect(checkbox('notification-pref-email').checked).toBe(true);
    const button = screen.getByTestId('notification-settings-save') as HTMLButtonElement;
    expect(button.textContent).toBe('حفظ الاختيارات');
    expect(button.disabled).toBe(false);

    await save();
    expect(await screen.findByText('تم حفظ اختيارات الإشعارات.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('notification-settings-error')).toBeNull());
    expect(calls.slice(1).map((call) => JSON.parse(String(call.init?.body)))).toEqual([
      { sms: false, email: true },
      { sms: false, email: true },
    ]);
  });

  it('in Arabic: a read that fails offers to try again', async () => {
    mockFetch(envelope(500, null, 'حدث خطأ ما.'), envelope(200, { sms: false, email: true }));
    renderScreen(<NotificationSettings role="user" />, { language: 'ar', path: '/profile?tab=settings' });
    const failed = await screen.findByTestId('notification-settings-load-error', undefined, {
      timeout: 5000,
    });
    expect(failed.textContent).toContain('تعذّر تحميل اختيارات الإشعارات.');
    fireEvent.click(within(failed).getByRole('button'));
    expect(
      ((await screen.findByRole('checkbox', { name: 'الرسائل النصية القصيرة' })) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it("tells an agent that enquiries are e-mailed whatever is chosen; an administrator's settings have no section", async () => {
    mockFetch(envelope(200, { sms: true, email: true }));
    const { unmount } = renderScreen(<NotificationSettings role="agent" />, { language: 'en' });
    expect(await screen.findByText(/New enquiries from customers are e-mailed to you/)).toBeTruthy();
    unmount();

    const admin: AccountProfile = accountProfile({
      role: 'admin',
      firstName: 'Ali',
      lastName: 'Admin',
      name: 'Ali Admin',
      email: 'ali@example.com',
    });
    renderScreen(<SettingsTab profile={admin} />, { language: 'en' });
    expect(screen.getByTestId('settings')).toBeTruthy();
    expect(screen.queryByTestId('notification-settings')).toBeNull();
  });
});
