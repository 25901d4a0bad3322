import { afterEach, describe, expect, it } from '@jest/globals';
import { clearSession, decodeSession, readSession, roleOf } from './session.js';

function token(payload: object): string {
  const encode = (value: object) => {
    const utf8 = encodeURIComponent(JSON.stringify(value)).replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
    return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'RS256' })}.${encode(payload)}.signature`;
}

describe('session from the token payload', () => {
  afterEach(() => localStorage.clear());

  it('reads role, name and picture without verifying', () => {
    expect(decodeSession(token({ role: 'user', firstName: 'سارة', profile_pic: '/p.png' }))).toEqual({
      role: 'user',
      name: 'سارة',
      picture: '/p.png',
    });
    expect(decodeSession(token({ role: 'company', name: 'Emaar', logo: '/l.png' }))?.picture).toBe('/l.png');
  });

  it('treats an expired, malformed or roleless token as no session', () => {
    expect(decodeSession(token({ role: 'agent', exp: 1000 }), 2_000_000)).toBeNull();
    expect(decodeSession('not-a-jwt')).toBeNull();
    expect(decodeSession('a.%%%.c')).toBeNull();
    expect(decodeSession(token({ role: 'superuser' }))).toBeNull();
  });

  it('is a visitor until a token is stored, and clears everything on logout', () => {
    expect(roleOf(readSession())).toBe('visitor');
    localStorage.setItem('token', token({ role: 'agent', firstName: 'Omar' }));
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('uniqueId', 'u');
    expect(roleOf(readSession())).toBe('agent');
    clearSession();
    expect([
      localStorage.getItem('token'),
      localStorage.getItem('refresh_token'),
      localStorage.getItem('uniqueId'),
    ]).toEqual([null, null, null]);
  });
});
