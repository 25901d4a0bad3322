import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { apiFetch } from '../api/api-fetch.js';
import { requireLogin, setLoginPromptHandler } from './login-prompt.js';
import { hasStaleToken } from './session.js';

function token(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'none' })}.${encode(payload)}.x`;
}

type Reply = { status: number; body: unknown };
function replies(...queue: Reply[]) {
  const calls: { url: string; authorization?: string; body?: string }[] = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({ url, authorization: headers.authorization, body: init?.body as string | undefined });
    const reply = queue.shift() ?? { status: 500, body: null };
    return {
      status: reply.status,
      ok: reply.status < 400,
      statusText: '',
      json: async () => reply.body,
    } as Response;
  }) as typeof fetch;
  return calls;
}
const ok = (results: unknown) => ({
  status: 200,
  body: { status: 200, success: true, message: 'OK', results },
});

describe('access token refresh (spec §8 with a refresh token)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('on a 401 trades the refresh token once, stores the new pair and retries with it', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'r1');
    const fresh = token({ role: 'user', firstName: 'Sara' });
    const calls = replies(
      { status: 401, body: { status: 401, success: false, message: 'expired', results: null } },
      ok({ token: fresh, refresh_token: 'r2', is_nafath_verified: true, verified: true }),
      ok({ n: 1 }),
    );
    const envelope = await apiFetch('/api/listings/v1/mine', { language: 'en' });
    expect(envelope.results).toEqual({ n: 1 });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/listings/v1/mine',
      '/api/identity/v1/auth/refresh',
      '/api/listings/v1/mine',
    ]);
    expect(JSON.parse(calls[1].body ?? '{}')).toEqual({ refresh_token: 'r1' });
    expect(calls[2].authorization).toBe(`Bearer ${fresh}`);
    expect([localStorage.getItem('token'), localStorage.getItem('refresh_token')]).toEqual([fresh, 'r2']);
  });

  it('logs out when the refresh is refused (no retry loop)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('token', 'old');
    localStorage.setItem('refresh_token', 'reused');
    const calls = replies(
      { status: 401, body: { status: 401, success: false, message: 'expired', results: null } },
      { status: 401, body: { status: 401, success: false, message: 'reused', results: null } },
    );
    await expect(apiFetch('/api/x', { language: 'ar' })).rejects.toThrow('Session ended');
    expect(calls).toHaveLength(2);
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('calls for the sign-in screens keep their 401/403 answers and the session', async () => {
    localStorage.setItem('refresh_token', 'r1');
    replies({
      status: 403,
      body: { status: 403, success: false, message: 'Verify first', results: { verified: false } },
    });
    await expect(
      apiFetch('/api/identity/v1/auth/login/customer', { language: 'en', endsSession: false }),
    ).rejects.toMatchObject({
      status: 403,
      message: 'Verify first',
      results: { verified: false },
    });
    expect(localStorage.getItem('refresh_token')).toBe('r1');
  });

  it('knows an expired access token with a refresh token is worth refreshing', () => {
    localStorage.setItem('token', token({ role: 'agent', exp: 1 }));
    expect(hasStaleToken()).toBe(false);
    localStorage.setItem('refresh_token', 'r1');
    expect(hasStaleToken()).toBe(true);
  });
});

describe('requireLogin (spec §6)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the prompt for the reason and says no when logged out; yes when logged in', () => {
    const shown: string[] = [];
    const stop = setLoginPromptHandler((reason) => shown.push(reason));
    expect(requireLogin('wishlist')).toBe(false);
    expect(requireLogin('bid')).toBe(false);
    expect(shown).toEqual(['wishlist', 'bid']);
    localStorage.setItem('token', token({ role: 'user', firstName: 'Sara' }));
    expect(requireLogin('enquiry')).toBe(true);
    expect(shown).toHaveLength(2);
    stop();
  });
});
