import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AccountProfile } from '@manzil/contracts';
import { storeSession } from '@manzil/ui';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, fakeToken, mockFetch, renderScreen } from '../auth/test-utils.js';
import { SettingsTab } from './settings-tab.js';

const profile: AccountProfile = accountProfile({
  role: 'agent',
  firstName: 'Omar',
  lastName: 'Haddad',
  name: 'Omar Haddad',
  email: 'omar@example.com',
  language: 'ar',
});

describe('settings: sign out everywhere', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSession({ token: fakeToken({ role: 'agent', firstName: 'Omar' }), refresh_token: 'r1' });
  });

  it('asks first (Cancel keeps the session), then ends every session on the server and here', async () => {
    // The notifications section reads the channels first; what follows is the sign-out's.
    const all = mockFetch(envelope(200, { sms: true, email: true }), envelope(200, null));
    const calls = {
      get list() {
        return all.filter((call) => !call.url.endsWith('/notifications/preferences'));
      },
    };
    // Leaving starts the app anew with a full page load, which jsdom reports as not implemented.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(<SettingsTab profile={profile} />, { language: 'ar', path: '/profile' });
    const button = screen.getByTestId('logout-everywhere');
    expect(button.textContent).toBe('تسجيل الخروج من كل الأجهزة');

    fireEvent.click(button);
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      'هل أنت متأكد أنك تريد تسجيل الخروج من كل الأجهزة؟',
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
    await screen.findByTestId('notification-settings-form');
    expect(calls.list).toEqual([]);

    fireEvent.click(button);
    const ok = await screen.findByTestId('confirm-dialog-ok');
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(calls.list.map((call) => [call.url, call.init?.method])).toEqual([
      ['/api/identity/v1/auth/logout-everywhere', 'POST'],
    ]);
    expect(new Headers(calls.list[0].init?.headers).get('authorization')).toMatch(/^Bearer /);
    expect(localStorage.getItem('refresh_token')).toBeNull();
    consoleError.mockRestore();
  });
});
