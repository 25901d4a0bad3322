import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import type { AccountProfileWithEmail } from '@manzil/contracts';
import { accountProfile } from '@manzil/ui/test/fixtures';
import { envelope, mockFetch, renderScreen } from '../auth/test-utils.js';
import { ProfilePage } from './profile-page.js';

const profile: AccountProfileWithEmail = accountProfile({ emailVerified: false });

describe('/profile', () => {
  beforeEach(() => localStorage.clear());

  it('is asked again when the tab comes back: an e-mail verified from the mail shows up', async () => {
    const calls = mockFetch(envelope(200, profile), envelope(200, { ...profile, emailVerified: true }));
    renderScreen(<ProfilePage />, { path: '/profile' });
    expect((await screen.findByTestId('profile-email-status')).textContent).toBe('Not verified');
    await act(async () => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByTestId('profile-email-status').textContent).toBe('Verified'));
    expect(calls.map((call) => call.url)).toEqual(['/api/identity/v1/profile', '/api/identity/v1/profile']);
  });
});
