import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { z } from 'zod';
import { ApiError, apiFetch, timezoneOffset } from './api-fetch.js';

type FetchMock = jest.Mock<typeof fetch>;

function respond(status: number, body: unknown): FetchMock {
  const response = { status, ok: status < 400, statusText: '', json: async () => body } as Response;
  const mock = jest.fn<typeof fetch>(async () => response);
  globalThis.fetch = mock;
  return mock;
}

describe('apiFetch', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('sends language, timezoneOffset and the bearer token', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    const mock = respond(200, { status: 200, success: true, message: 'OK', results: { n: 1 } });
    const envelope = await apiFetch('/api/x/v1/y', {
      language: 'ar',
      query: { page: 2, skip: undefined },
      results: z.object({ n: z.number() }),
    });
    expect(envelope.results).toEqual({ n: 1 });
    const [url, init] = mock.mock.calls[0];
    expect(url).toBe('/api/x/v1/y?page=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers.language).toBe('ar');
    expect(headers.timezoneOffset).toMatch(/^[+-]\d\d:\d\d$/);
    expect(headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no authorization header when logged out', async () => {
    const mock = respond(200, { status: 200, success: true, message: 'OK', results: null });
    await apiFetch('/api/x', { language: 'en' });
    expect((mock.mock.calls[0][1]?.headers as Record<string, string>).authorization).toBeUndefined();
  });

  for (const status of [401, 403, 409]) {
    it(`ends the session on ${status}`, async () => {
      // jsdom cannot navigate; it reports that through console.error.
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      localStorage.setItem('token', 't');
      localStorage.setItem('refresh_token', 'r');
      document.cookie = 'token=t; path=/';
      respond(status, { status, success: false, message: 'no', results: null });
      await expect(apiFetch('/api/x', { language: 'en' })).rejects.toBeInstanceOf(ApiError);
      expect(localStorage.getItem('token')).toBeNull();
      expect(localStorage.getItem('refresh_token')).toBeNull();
      expect(document.cookie).not.toContain('token=t');
    });
  }

  it('rejects with the server message on other failures', async () => {
    respond(422, { status: 422, success: false, message: 'Email already used', results: null });
    await expect(apiFetch('/api/x', { language: 'en' })).rejects.toThrow('Email already used');
  });
});

describe('timezoneOffset', () => {
  it('writes minutes east of UTC as ±hh:mm', () => {
    const at = (minutesWest: number) => ({ getTimezoneOffset: () => minutesWest }) as Date;
    expect(timezoneOffset(at(-240))).toBe('+04:00');
    expect(timezoneOffset(at(-180))).toBe('+03:00');
    expect(timezoneOffset(at(330))).toBe('-05:30');
    expect(timezoneOffset(at(0))).toBe('+00:00');
  });
});
