import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { storeSession, type Session } from '@manzil/ui';
import { logout } from './use-logout.js';
import { Avatar, UserMenu } from './user-menu.js';
import { envelope, fakeToken, mockFetch, renderScreen } from './test-utils.js';

const session = (name: string, picture: string | null): Session => ({ role: 'user', name, picture });

describe('avatar (spec §2)', () => {
  it('shows the picture when there is one', () => {
    render(<Avatar session={session('Sara', '/uploads/sara.jpg')} />);
    expect(screen.getByTestId('avatar-picture').getAttribute('src')).toBe('/uploads/sara.jpg');
  });

  it('shows the first letter in the green circle when there is no picture or it is the placeholder', () => {
    const { rerender } = render(<Avatar session={session('sara', null)} />);
    expect(screen.getByTestId('avatar-letter').textContent).toBe('S');
    rerender(<Avatar session={session('Omar', 'https://cdn.example.com/images/user-placeholder.png')} />);
    expect(screen.getByTestId('avatar-letter').textContent).toBe('O');
    rerender(<Avatar session={session('  نورة', '/assets/default-avatar.png')} />);
    expect(screen.getByTestId('avatar-letter').textContent).toBe('ن');
  });

  it('falls back to the letter when the picture fails to load', () => {
    render(<Avatar session={session('Lina', '/broken.jpg')} />);
    fireEvent.error(screen.getByTestId('avatar-picture'));
    expect(screen.getByTestId('avatar-letter').textContent).toBe('L');
  });
});

describe('logout (spec §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    storeSession({ token: fakeToken({ role: 'agent', firstName: 'Omar' }), refresh_token: 'r1' });
    localStorage.setItem('uniqueId', 'u1');
  });

  it('revokes the refresh token, clears token, refresh token, unique id and cookie, and goes to /login by role', async () => {
    const calls = mockFetch(envelope(200, null));
    expect(document.cookie).toContain('token=');
    await expect(logout('en')).resolves.toBe('/login?type=Agent');
    expect(calls[0].url).toBe('/api/identity/v1/auth/logout');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ refresh_token: 'r1' });
    expect([
      localStorage.getItem('token'),
      localStorage.getItem('refresh_token'),
      localStorage.getItem('uniqueId'),
    ]).toEqual([null, null, null]);
    expect(document.cookie).not.toContain('token=');
  });

  it('clears the session even when the service cannot be reached', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    const warn = console.warn;
    console.warn = () => undefined;
    await expect(logout('en')).resolves.toBe('/login?type=Agent');
    console.warn = warn;
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks first in the dropdown (Cancel keeps the session, نعم logs out), My orders only on the Saudi site', async () => {
    mockFetch(envelope(200, null));
    // Logging out starts the app anew with a full page load, which jsdom reports as not implemented.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(<UserMenu session={session('عمر', null)} site="sa" language="ar" />, {
      language: 'ar',
      path: '/profile',
    });
    fireEvent.click(screen.getByTestId('user-chip'));
    expect(screen.getByTestId('menu-orders').textContent).toBe('طلباتي');
    fireEvent.click(screen.getByTestId('menu-logout'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain(
      'هل أنت متأكد أنك تريد تسجيل الخروج؟',
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
    expect(localStorage.getItem('token')).not.toBeNull();

    fireEvent.click(screen.getByTestId('user-chip'));
    fireEvent.click(screen.getByTestId('menu-logout'));
    const ok = await screen.findByTestId('confirm-dialog-ok');
    expect(ok.textContent).toBe('نعم');
    await act(async () => {
      fireEvent.click(ok);
    });
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(consoleError.mock.calls.map(([error]) => String(error))).toEqual([
      expect.stringContaining('navigation'),
    ]);
    consoleError.mockRestore();
  });

  it('has no My orders on the UAE site', () => {
    renderScreen(<UserMenu session={session('Omar', null)} site="ae" language="en" />);
    fireEvent.click(screen.getByTestId('user-chip'));
    expect(screen.getByTestId('menu-profile').textContent).toBe('Profile');
    expect(screen.queryByTestId('menu-orders')).toBeNull();
  });
});
