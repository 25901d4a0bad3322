import '@manzil/ui/test/jsdom-globals';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { GOOGLE_SIGNUP_CUSTOMERS_ONLY } from '@manzil/contracts';
import { GoogleCallbackPage } from './google-callback-page.js';
import { RegisterPage } from './register-page.js';
import { envelope, mockFetch, renderScreen } from './test-utils.js';

describe('Google sign-up is for customers only', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    mockFetch(envelope(200, { items: [], page: 1, limit: 100, total: 0 }));
  });

  it('shows "Continue with Google" on the customer tab of /register only', () => {
    const customer = renderScreen(<RegisterPage />, { path: '/register?type=Customer' });
    expect(screen.getByTestId('google-sign-in')).toBeTruthy();
    customer.unmount();
    for (const type of ['Agent', 'Company']) {
      const page = renderScreen(<RegisterPage />, { path: `/register?type=${type}` });
      expect(screen.getByTestId(`register-form-${type}`)).toBeTruthy();
      expect(screen.queryByTestId('google-sign-in')).toBeNull();
      page.unmount();
    }
  });

  it("the callback page shows the server's reason when a new agent account is refused (ar)", async () => {
    sessionStorage.setItem(
      'manzil.googleSignIn',
      JSON.stringify({ state: 's1', nonce: 'n1', loginType: 'Agent' }),
    );
    window.history.replaceState(null, '', '/auth/google/callback#id_token=abc&state=s1');
    const calls = mockFetch({
      status: 422,
      body: {
        status: 422,
        success: false,
        message: 'غير مسموح لك بهذا الإجراء.',
        results: {
          code: 'FORBIDDEN',
          fields: [{ field: 'role', message: GOOGLE_SIGNUP_CUSTOMERS_ONLY.ar }],
        },
      },
    });
    await act(async () => {
      renderScreen(<GoogleCallbackPage />, { path: '/auth/google/callback', language: 'ar' });
    });
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0].init?.body))).toMatchObject({ role: 'agent' });
    expect(screen.getByTestId('google-callback-error').textContent).toContain(
      GOOGLE_SIGNUP_CUSTOMERS_ONLY.ar,
    );
  });
});
