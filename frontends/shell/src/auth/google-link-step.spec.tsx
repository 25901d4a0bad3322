import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import {
  ERROR_MESSAGES,
  GOOGLE_LINK_REQUIRED_MESSAGE,
  type GoogleLinkRequired,
  type LoginResults,
} from '@manzil/contracts';
import { readToken } from '@manzil/ui';
import ar from '../i18n/ar.json' with { type: 'json' };
import en from '../i18n/en.json' with { type: 'json' };
import { GoogleCallbackPage } from './google-callback-page.js';
import { GoogleLinkStep } from './google-link-step.js';
import { envelope, fakeToken, mockFetch, renderScreen } from './test-utils.js';

const link: GoogleLinkRequired = {
  linkRequired: true,
  ticket: 'ticket-1',
  expiresInSeconds: 600,
  email: 'owner@example.com',
  proofs: ['password', 'otp'],
  mobile: '+971 ••••••567',
  separate: true,
};

const loginResults: LoginResults = {
  token: fakeToken({ sub: 'a-1', role: 'user', site: 'ae' }),
  refresh_token: 'r-1',
  is_nafath_verified: false,
  verified: true,
};

/** The step on its own (the callback page then stores the session and leaves the page). */
async function renderStep(...replies: { status: number; body: unknown }[]) {
  const calls = mockFetch(...replies);
  const signedIn: LoginResults[] = [];
  await act(async () => {
    renderScreen(
      <GoogleLinkStep
        link={link}
        message={GOOGLE_LINK_REQUIRED_MESSAGE.en}
        onSignedIn={(results) => signedIn.push(results)}
      />,
    );
  });
  return { calls, signedIn };
}

/** The callback page after the issuer answered: the fragment and what was remembered. */
async function renderCallback(language: 'en' | 'ar') {
  sessionStorage.setItem(
    'manzil.googleSignIn',
    JSON.stringify({ state: 's1', nonce: 'n1', loginType: 'Customer' }),
  );
  window.history.replaceState(null, '', '/auth/google/callback#id_token=abc&state=s1');
  const calls = mockFetch(envelope(202, link, GOOGLE_LINK_REQUIRED_MESSAGE[language]));
  await act(async () => {
    renderScreen(<GoogleCallbackPage />, { path: '/auth/google/callback', language });
  });
  return calls;
}

describe('Google sign-in on an account whose e-mail was never proved', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("asks the owner to prove the account, in Arabic, with the server's explanation and no session", async () => {
    const calls = await renderCallback('ar');
    expect(calls).toHaveLength(1);
    expect(screen.getByTestId('google-link-message').textContent).toBe(GOOGLE_LINK_REQUIRED_MESSAGE.ar);
    expect(screen.getByText(ar['shell.auth.google.link.title'])).toBeTruthy();
    expect(screen.getByTestId('google-link-send-code').textContent).toContain('+971 ••••••567');
    expect(screen.getByTestId('google-link-separate').textContent).toBe(
      ar['shell.auth.google.link.separate'],
    );
    expect(readToken()).toBeNull();
  });

  it('links with the password: a wrong one is said in the language, the right one signs in', async () => {
    const { calls, signedIn } = await renderStep(
      {
        status: 422,
        body: {
          status: 422,
          success: false,
          message: ERROR_MESSAGES.GOOGLE_LINK_PASSWORD_INVALID.en,
          results: { code: 'GOOGLE_LINK_PASSWORD_INVALID' },
        },
      },
      envelope(200, loginResults),
    );
    const password = screen.getByTestId('google-link-password').querySelector('input')!;
    fireEvent.change(password, { target: { value: 'Wrong@2026' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('google-link-password-submit'));
    });
    expect(screen.getByTestId('google-link-error').textContent).toContain(
      ERROR_MESSAGES.GOOGLE_LINK_PASSWORD_INVALID.en,
    );
    expect(signedIn).toEqual([]);
    fireEvent.change(password, { target: { value: 'Manzil@2026' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('google-link-password-submit'));
    });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/identity/v1/auth/google/link',
      '/api/identity/v1/auth/google/link',
    ]);
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ ticket: 'ticket-1', password: 'Manzil@2026' });
    expect(signedIn).toEqual([loginResults]);
  });

  it('links with a code sent to the mobile', async () => {
    const { calls, signedIn } = await renderStep(
      envelope(200, { expiresInSeconds: 120, resendInSeconds: 60 }),
      envelope(200, loginResults),
    );
    await act(async () => {
      fireEvent.click(screen.getByTestId('google-link-send-code'));
    });
    const boxes = screen.getByTestId('google-link-otp').querySelectorAll('input');
    fireEvent.change(boxes[0], { target: { value: '4821' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('google-link-otp-submit'));
    });
    expect(calls[0].url).toBe('/api/identity/v1/auth/google/link/otp');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({ ticket: 'ticket-1' });
    expect(calls[1].url).toBe('/api/identity/v1/auth/google/link');
    expect(JSON.parse(String(calls[1].init?.body))).toEqual({ ticket: 'ticket-1', otp: '4821' });
    expect(signedIn).toEqual([loginResults]);
  });

  it('creates a separate account when it is not theirs', async () => {
    const { calls, signedIn } = await renderStep(envelope(200, loginResults));
    expect(screen.getByText(en['shell.auth.google.link.separateHint'])).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('google-link-separate'));
    });
    expect(calls[0].url).toBe('/api/identity/v1/auth/google/separate');
    expect(signedIn).toEqual([loginResults]);
  });
});
