// Rotating the signing key without restarting any service that verifies tokens: identity is
// redeployed three times (the rotation of the README's "Signing keys"), while another
// service (nest-kit's guard over identity's JWKS, never restarted) keeps verifying: old
// tokens stay valid until they expire, new ones are signed with the new key, and a token
// whose kid identity never published is refused.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { decodeProtectedHeader, importPKCS8, SignJWT } from 'jose';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { publicJwk } from '@manzil/nest-kit';
import { startProbeService, testKeys, testKid } from '@manzil/testing';
import { seed } from '../src/seed.js';
import { startHarness, PASSWORD, type Harness } from './harness.js';

const rsa = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

let h: Harness;
let probe: INestApplication;

/** The seeded UAE customer's access token, from identity as it runs now. */
async function signIn(): Promise<string> {
  const response = await h
    .http()
    .post('/v1/auth/login/customer')
    .set('x-site', 'ae')
    .send({ countryCode: '+971', mobile: '501000001', password: PASSWORD })
    .expect(200);
  return response.body.results.token as string;
}

/** A token as identity signs them, with the key and kid given (and an expiry). */
async function signed(privateKey: string, kid: string, expiresIn: string): Promise<string> {
  return new SignJWT({ role: 'user', site: 'ae', tv: 0 })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(randomUUID())
    .setIssuer('manzil-identity')
    .setAudience('manzil')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(await importPKCS8(privateKey, 'RS256'));
}

const elsewhere = async (token: string) =>
  (
    await request(probe.getHttpServer())
      .get('/v1/probe/me')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
  ).status;
const atIdentity = async (token: string) =>
  (await h.http().get('/v1/accounts/me').set('x-site', 'ae').set('authorization', `Bearer ${token}`)).status;
const publishedKids = async () =>
  ((await h.http().get('/.well-known/jwks.json').expect(200)).body as { keys: { kid: string }[] }).keys.map(
    (key) => key.kid,
  );

beforeAll(async () => {
  h = await startHarness(); // signs with testKeys
  await seed(h.app.get(DataSource), () => undefined);
  const { port } = h.app.getHttpServer().address() as AddressInfo;
  probe = await startProbeService({
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    namespace: h.namespace,
    // Here every unknown kid may fetch the set again at once (production waits 30 s between such fetches).
    jwksCooldownMs: 0,
  });
}, 60_000);

afterAll(async () => {
  await probe?.close();
  await h?.close();
});

describe('signing key rotation', () => {
  it('old tokens stay valid until they expire, new ones carry the new kid, an unknown kid is refused', async () => {
    const next = rsa();
    const nextKid = publicJwk(next.publicKey).kid as string;
    const before = await signIn();
    expect(decodeProtectedHeader(before).kid).toBe(testKid);
    expect(await elsewhere(before)).toBe(200);

    // 1. The next key is published ahead; the current one still signs.
    await h.restart({ JWT_PRIVATE_KEY: testKeys.privateKey, JWT_PUBLISHED_PUBLIC_KEYS: next.publicKey });
    expect(await publishedKids()).toEqual([testKid, nextKid]);
    expect(decodeProtectedHeader(await signIn()).kid).toBe(testKid);

    // 2. The next key signs; the previous one stays published until its tokens have expired.
    await h.restart({ JWT_PRIVATE_KEY: next.privateKey, JWT_PUBLISHED_PUBLIC_KEYS: testKeys.publicKey });
    expect(await publishedKids()).toEqual([nextKid, testKid]);
    const after = await signIn();
    expect(decodeProtectedHeader(after).kid).toBe(nextKid);
    expect(await elsewhere(after)).toBe(200);
    expect(await atIdentity(after)).toBe(200);
    expect(await elsewhere(before)).toBe(200);
    expect(await atIdentity(before)).toBe(200);
    // An old-key token past its expiry is refused: "valid until they expire", not longer.
    expect(await elsewhere(await signed(testKeys.privateKey, testKid, '-1s'))).toBe(401);
    // A key identity never published: refused, whatever kid it claims.
    const stranger = rsa();
    expect(await elsewhere(await signed(stranger.privateKey, 'not-a-published-kid', '5m'))).toBe(401);
    expect(
      await elsewhere(await signed(stranger.privateKey, publicJwk(stranger.publicKey).kid as string, '5m')),
    ).toBe(401);
    expect(await elsewhere(await signed(stranger.privateKey, nextKid, '5m'))).toBe(401);

    // 3. One access-token lifetime later the previous key is retired.
    await h.restart({ JWT_PRIVATE_KEY: next.privateKey, JWT_PUBLISHED_PUBLIC_KEYS: undefined });
    expect(await publishedKids()).toEqual([nextKid]);
    expect(await atIdentity(before)).toBe(401);
    expect(await atIdentity(after)).toBe(200);
    expect(await elsewhere(after)).toBe(200);
  }, 60_000);
});
