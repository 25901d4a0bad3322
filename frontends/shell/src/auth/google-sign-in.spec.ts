import '@manzil/ui/test/jsdom-globals';
import { describe, expect, it } from '@jest/globals';
import {
  authorizationUrl,
  consumeGoogleCallback,
  forgetGoogleCallback,
  readGoogleCallback,
  type PendingGoogleSignIn,
} from './google-sign-in.js';

const pending: PendingGoogleSignIn = { state: 's-1', nonce: 'n-1', loginType: 'Agent' };

describe('Google sign-in (implicit flow)', () => {
  it('asks the issuer for an ID token back on /auth/google/callback, with state and nonce', () => {
    const url = new URL(
      authorizationUrl(
        { authorizationEndpoint: 'http://127.0.0.1:4010/o/oauth2/v2/auth', clientId: 'c-1' },
        'http://sa.localhost:3000',
        pending,
        'ar',
      ),
    );
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:4010/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'c-1',
      redirect_uri: 'http://sa.localhost:3000/auth/google/callback',
      response_type: 'id_token',
      nonce: 'n-1',
      state: 's-1',
      hl: 'ar',
    });
  });

  it('takes the ID token only with the state it sent', () => {
    expect(readGoogleCallback('#id_token=t&state=s-1', pending)).toEqual({
      kind: 'token',
      idToken: 't',
      nonce: 'n-1',
      loginType: 'Agent',
    });
    expect(readGoogleCallback('#id_token=t&state=other', pending)).toEqual({ kind: 'invalid' });
    expect(readGoogleCallback('#id_token=t&state=s-1', null)).toEqual({ kind: 'invalid' });
    expect(readGoogleCallback('#state=s-1', pending)).toEqual({ kind: 'invalid' });
    expect(readGoogleCallback('#error=access_denied&state=s-1', pending)).toEqual({ kind: 'cancelled' });
  });

  it('gives a render that React redoes the same answer, and wipes it from the address bar and storage', () => {
    sessionStorage.setItem('manzil.googleSignIn', JSON.stringify(pending));
    window.history.replaceState(null, '', '/auth/google/callback#id_token=t-9&state=s-1');
    const token = { kind: 'token', idToken: 't-9', nonce: 'n-1', loginType: 'Agent' };
    expect(consumeGoogleCallback()).toEqual(token);
    expect(window.location.hash).toBe('');
    expect(sessionStorage.getItem('manzil.googleSignIn')).toBeNull();
    // The first render was thrown away (a Suspense above the page): the redo reads it again.
    expect(consumeGoogleCallback()).toEqual(token);
    // Once on screen, a later visit without an answer is refused.
    forgetGoogleCallback();
    expect(consumeGoogleCallback()).toEqual({ kind: 'invalid' });
  });
});
