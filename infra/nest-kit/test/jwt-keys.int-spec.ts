// How the services find a token's key in identity's JWKS over real HTTP: by kid, fetched again
// on an unknown kid only after the cooldown, the last set kept when identity does not answer,
// and "unavailable" (a 503, not a sign-out) when no set was ever fetched.
import { afterEach, describe, expect, it } from '@jest/globals';
import { createPublicKey } from 'node:crypto';
import { Controller, Get } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import {
  Authenticated,
  configureApp,
  JwtKeys,
  ManzilKitModule,
  Public,
  publicJwk,
  SigningKeysUnavailable,
  UnknownSigningKey,
} from '../src/index.js';
import {
  AUDIENCE,
  ISSUER,
  keys,
  kid,
  rsaPair,
  startJwksServer,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type JwksServer,
} from './support.js';

const samePublicKey = (pem: string, expected: string) =>
  createPublicKey(pem).export({ format: 'jwk' }).n === createPublicKey(expected).export({ format: 'jwk' }).n;

describe('JwtKeys over a remote JWKS', () => {
  let server: JwksServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('finds the key by kid and refuses a token without kid or with an unknown one', async () => {
    server = await startJwksServer();
    const source = new JwtKeys(server.url);
    expect(samePublicKey(await source.pemFor(await tokenFor('user')), keys.publicKey)).toBe(true);
    await expect(source.pemFor(await tokenFor('user', { kid: null }))).rejects.toBeInstanceOf(
      UnknownSigningKey,
    );
    await expect(source.pemFor('not-a-jwt')).rejects.toBeInstanceOf(UnknownSigningKey);
  });

  it('hands out one KeyObject per kid (converted once, not per request), and another for another kid', async () => {
    server = await startJwksServer();
    const next = rsaPair();
    const nextJwk = publicJwk(next.publicKey);
    server.keys = [...server.keys, nextJwk];
    const source = new JwtKeys(server.url);
    const first = await source.keyFor(await tokenFor('user'));
    expect(first.type).toBe('public');
    expect(samePublicKey(first.export({ type: 'spki', format: 'pem' }).toString(), keys.publicKey)).toBe(
      true,
    );
    expect(await source.keyFor(await tokenFor('agent'))).toBe(first);
    const other = await source.keyFor(
      await tokenFor('user', { privateKey: next.privateKey, kid: nextJwk.kid }),
    );
    expect(other).not.toBe(first);
    expect(samePublicKey(other.export({ type: 'spki', format: 'pem' }).toString(), next.publicKey)).toBe(
      true,
    );
  });

  it('fetches the set again for an unknown kid, but not twice within the cooldown', async () => {
    server = await startJwksServer();
    const next = rsaPair();
    const nextJwk = publicJwk(next.publicKey);
    const slow = new JwtKeys(server.url, { cooldownMs: 60_000 });
    const eager = new JwtKeys(server.url, { cooldownMs: 0 });
    await slow.pemFor(await tokenFor('user'));
    await eager.pemFor(await tokenFor('user'));
    server.keys = [...server.keys, nextJwk];
    const signedWithNext = await tokenFor('user', { privateKey: next.privateKey, kid: nextJwk.kid });
    const before = server.fetches();
    // Within the cooldown: no fetch, the kid stays unknown.
    await expect(slow.pemFor(signedWithNext)).rejects.toBeInstanceOf(UnknownSigningKey);
    expect(server.fetches()).toBe(before);
    // Past it: one fetch, the new key is found.
    expect(samePublicKey(await eager.pemFor(signedWithNext), next.publicKey)).toBe(true);
    expect(server.fetches()).toBe(before + 1);
  });

  it('keeps verifying with the last set when identity stops answering; unavailable when it never answered', async () => {
    server = await startJwksServer();
    const url = server.url;
    const source = new JwtKeys(url, { cacheMaxAgeMs: 0, timeoutMs: 1_000 });
    const token = await tokenFor('user');
    await source.pemFor(token);
    await server.close();
    server = undefined;
    // The set is stale (max age 0) and cannot be fetched: the last one answers.
    expect(samePublicKey(await source.pemFor(token), keys.publicKey)).toBe(true);
    const never = new JwtKeys(url, { timeoutMs: 1_000 });
    await expect(never.pemFor(token)).rejects.toBeInstanceOf(SigningKeysUnavailable);
    expect(kid).toBe(publicJwk(keys.publicKey).kid);
  });
});

describe('the guard when identity has never answered', () => {
  @Controller('v1')
  class ProbeController {
    @Get('me')
    @Authenticated()
    me() {
      return {};
    }

    @Get('open')
    @Public()
    open() {
      return {};
    }
  }

  it('answers 503 on a protected route (not a 401 that would sign people out) and serves public routes as to a visitor', async () => {
    // A JWKS URL where nothing listens.
    const gone = await startJwksServer();
    const url = gone.url;
    await gone.close();
    const moduleRef = await Test.createTestingModule({
      imports: [
        ManzilKitModule.forRoot({
          service: 'probe',
          auth: {
            jwks: url,
            issuer: ISSUER,
            audience: AUDIENCE,
            namespace: testNamespace(),
            redisGraceSeconds: 30,
          },
          redisUrl: testRedisUrl(),
        }),
      ],
      controllers: [ProbeController],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    configureApp(app);
    await app.init();
    try {
      const token = `Bearer ${await tokenFor('user')}`;
      const protectedCall = await request(app.getHttpServer()).get('/v1/me').set('authorization', token);
      expect(protectedCall.status).toBe(503);
      expect(protectedCall.body.results).toEqual({ code: 'SERVICE_UNAVAILABLE' });
      expect((await request(app.getHttpServer()).get('/v1/open').set('authorization', token)).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });
});
