import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { baseUrlOf, rawRequest } from '@manzil/testing';
import { startHarness, type Harness } from './harness.js';

/**
 * Identity's per-IP limits behind the gateway: it believes X-Forwarded-For only from the
 * gateway's address (TRUST_PROXY), where the gateway writes the one client IP it settled on.
 * The test plays the gateway from 127.0.0.1 and an outsider from 127.0.0.2 (all of 127/8 is
 * loopback).
 */
describe('identity: the client IP behind the gateway', () => {
  let h: Harness;
  const GATEWAY = '127.0.0.1';

  beforeAll(async () => {
    h = await startHarness({ TRUST_PROXY: `${GATEWAY}/32`, RATE_LIMIT_PER_IP: 3, RATE_LIMIT_PER_MOBILE: 50 });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  let mobile = 570_000_000;
  const login = (localAddress: string, forwardedFor: string) =>
    rawRequest(baseUrlOf(h.app), {
      method: 'POST',
      path: '/v1/auth/login/customer',
      localAddress,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ countryCode: '+971', mobile: String((mobile += 1)), password: 'Wrong@2026' }),
    }).then((response) => response.status);

  it('limits two clients behind the gateway separately', async () => {
    const first: number[] = [];
    for (let i = 0; i < 4; i += 1) first.push(await login(GATEWAY, '203.0.113.40'));
    expect(first).toEqual([422, 422, 422, 429]);
    expect(await login(GATEWAY, '203.0.113.41')).toBe(422);
  });

  it('ignores X-Forwarded-For from an address that is not the gateway', async () => {
    const spoofed: number[] = [];
    for (let i = 0; i < 4; i += 1) spoofed.push(await login('127.0.0.2', `198.51.100.${i + 10}`));
    expect(spoofed).toEqual([422, 422, 422, 429]);
  });
});
