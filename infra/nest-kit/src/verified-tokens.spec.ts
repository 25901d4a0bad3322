import { describe, expect, it } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { VerifiedTokens } from './verified-tokens.js';

const key = () => generateKeyPairSync('ed25519').publicKey;

describe('verified tokens', () => {
  const one = key();
  const clock = (start: number) => {
    const state = { now: start };
    return { state, now: () => state.now };
  };

  it('remembers a token until its exp, and no later', () => {
    const { state, now } = clock(1_000_000_000_000);
    const tokens = new VerifiedTokens<{ exp?: unknown; sub: string }>(10, now);
    const exp = state.now / 1000 + 60;
    tokens.remember('t', { exp, sub: 'a' }, one);
    expect(tokens.get('t', one)).toEqual({ exp, sub: 'a' });
    state.now = exp * 1000 - 1;
    expect(tokens.has('t')).toBe(true);
    expect(tokens.get('t', one)?.sub).toBe('a');
    // jsonwebtoken refuses a token from the second of its exp on: so does the cache.
    state.now = exp * 1000;
    expect(tokens.has('t')).toBe(false);
    expect(tokens.get('t', one)).toBeUndefined();
    expect(tokens.size).toBe(0);
  });

  it('never remembers a token without exp, or one already expired', () => {
    const { state, now } = clock(1_000_000_000_000);
    const tokens = new VerifiedTokens<{ exp?: unknown }>(10, now);
    tokens.remember('no-exp', {}, one);
    tokens.remember('text-exp', { exp: String(state.now / 1000 + 60) }, one);
    tokens.remember('expired', { exp: state.now / 1000 }, one);
    expect(tokens.size).toBe(0);
    expect(tokens.get('no-exp', one)).toBeUndefined();
  });

  it('answers only for the key the token was verified with (a rotated or fetched-again key verifies again)', () => {
    const tokens = new VerifiedTokens<{ exp?: unknown }>(10);
    tokens.remember('t', { exp: Date.now() / 1000 + 60 }, one);
    expect(tokens.get('t', key())).toBeUndefined();
    // And the entry is gone: the next request takes the whole verification.
    expect(tokens.get('t', one)).toBeUndefined();
  });

  it('holds at most its bound, dropping the one used longest ago', () => {
    const tokens = new VerifiedTokens<{ exp?: unknown }>(3);
    const exp = Date.now() / 1000 + 60;
    for (const token of ['a', 'b', 'c']) tokens.remember(token, { exp }, one);
    expect(tokens.get('a', one)).toBeDefined();
    tokens.remember('d', { exp }, one);
    expect(tokens.size).toBe(3);
    expect(tokens.has('b')).toBe(false);
    expect(['a', 'c', 'd'].every((token) => tokens.has(token))).toBe(true);
    for (let i = 0; i < 100; i++) tokens.remember(`x${i}`, { exp }, one);
    expect(tokens.size).toBe(3);
  });
});
