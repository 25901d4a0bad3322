import '@manzil/ui/test/jsdom-globals';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { applyLoginOutcome, submitLogin } from './login-outcome.js';
import { envelope, fakeToken, mockFetch } from './test-utils.js';

const request = { countryCode: '+966', mobile: '501234567', password: 'Secret#123' } as const;
const tokens = (nafath: boolean) => ({
  token: fakeToken({ role: 'user', firstName: 'Sara' }),
  refresh_token: 'refresh-1',
  is_nafath_verified: nafath,
  verified: true,
});
const context = (site: 'ae' | 'sa') => ({
  site,
  language: 'en' as const,
  fallbackMessage: 'Something went wrong',
});

describe('login outcome (spec §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    document.cookie = 'token=; path=/; max-age=0';
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('sends only countryCode, mobile and password to the kind of the tab', async () => {
    const calls = mockFetch(envelope(200, tokens(true)));
    await submitLogin({ ...request, extra: 'x' } as typeof request, 'Agent', context('ae'));
    expect(calls[0].url).toBe('/api/identity/v1/auth/login/agent');
    expect(calls[0].init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init?.body))).toEqual({
      countryCode: '+966',
      mobile: '501234567',
      password: 'Secret#123',
    });
  });

  it('success on the UAE site: stores token, refresh token and cookie, goes to /', async () => {
    mockFetch(envelope(200, tokens(false)));
    const outcome = await submitLogin(request, 'Customer', context('ae'));
    expect(outcome).toMatchObject({ kind: 'success', to: '/' });
    const enter = jest.fn();
    applyLoginOutcome(outcome, { navigate: jest.fn(), toast: jest.fn(), enter });
    expect(localStorage.getItem('token')).toBe(tokens(false).token);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(document.cookie).toContain(`token=${tokens(false).token}`);
    expect(enter).toHaveBeenCalledWith('/');
  });

  it('success on the Saudi site without Nafath goes to /profile; with Nafath to /', async () => {
    mockFetch(envelope(200, tokens(false)), envelope(200, tokens(true)));
    expect(await submitLogin(request, 'Customer', context('sa'))).toMatchObject({
      kind: 'success',
      to: '/profile',
    });
    expect(await submitLogin(request, 'Customer', context('sa'))).toMatchObject({ kind: 'success', to: '/' });
  });

  it('a 403 with unverified results goes to /otpVerify carrying them (state and sessionStorage)', async () => {
    mockFetch(
      envelope(
        403,
        {
          verified: false,
          countryCode: '+966',
          mobile: '501234567',
          purpose: 'signup',
          expiresInSeconds: 90,
        },
        'Please verify your mobile number',
      ),
    );
    const before = Date.now();
    const outcome = await submitLogin(request, 'Company', context('sa'));
    expect(outcome.kind).toBe('verify');
    const navigate = jest.fn();
    const toast = jest.fn();
    applyLoginOutcome(outcome, { navigate, toast, enter: jest.fn() });
    const [to, options] = navigate.mock.calls[0] as [
      string,
      { state: { mobile: string; loginType: string; expiresAt: number } },
    ];
    expect(to).toBe('/otpVerify');
    expect(options.state).toMatchObject({ mobile: '501234567', purpose: 'signup', loginType: 'Company' });
    expect(options.state.expiresAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(JSON.parse(sessionStorage.getItem('manzil.otpVerify') ?? '{}')).toEqual(options.state);
    expect(toast).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('any other failure toasts the server message and keeps the user on /login', async () => {
    mockFetch(envelope(401, null, 'Invalid mobile number or password'));
    const outcome = await submitLogin(request, 'Customer', context('ae'));
    const navigate = jest.fn();
    const toast = jest.fn();
    applyLoginOutcome(outcome, { navigate, toast, enter: navigate });
    expect(toast).toHaveBeenCalledWith('Invalid mobile number or password');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 403 without unverified results is a toast too, and a network failure the generic message', async () => {
    mockFetch(envelope(403, null, 'This account is not available on this site.'));
    expect(await submitLogin(request, 'Customer', context('ae'))).toEqual({
      kind: 'toast',
      message: 'This account is not available on this site.',
    });
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await submitLogin(request, 'Customer', context('ae'))).toEqual({
      kind: 'toast',
      message: 'Something went wrong',
    });
  });
});
