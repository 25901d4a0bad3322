// The guard remembers tokens it has verified (issue 13: no RSA verification per request of
// the same client), and that changes nothing a token is refused for: revocation (account
// version, session) is read on every request and expiry is checked on every use of the cache
// (the key and the bound: verified-tokens.spec.ts). Real Redis, real HTTP, a real JWKS.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import passport from 'passport';
import { Controller, Get, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Redis } from 'ioredis';
import request from 'supertest';
import {
  Authenticated,
  configureApp,
  CurrentUser,
  JwtStrategyRegistration,
  ManzilKitModule,
  publishRevocations,
  type AuthUser,
} from '../src/index.js';
import {
  AUDIENCE,
  ISSUER,
  startJwksServer,
  testNamespace,
  testRedisUrl,
  tokenFor,
  type JwksServer,
} from './support.js';

@Controller('v1')
class ProbeController {
  @Get('me')
  @Authenticated()
  me(@CurrentUser() user: AuthUser) {
    return user;
  }
}

describe('verified tokens are remembered, revocation and expiry still refuse them', () => {
  const namespace = testNamespace();
  let jwks: JwksServer;
  let app: INestApplication;
  let redis: Redis;
  let verified: JwtStrategyRegistration['verified'];

  beforeAll(async () => {
    jwks = await startJwksServer();
    const moduleRef = await Test.createTestingModule({
      imports: [
        ManzilKitModule.forRoot({
          service: 'probe',
          auth: { jwks: jwks.url, issuer: ISSUER, audience: AUDIENCE, namespace, redisGraceSeconds: 0 },
          redisUrl: testRedisUrl(),
        }),
      ],
      controllers: [ProbeController],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    configureApp(app);
    await app.listen(0, '127.0.0.1');
    verified = app.get(JwtStrategyRegistration).verified;
    redis = new Redis(testRedisUrl());
  }, 30_000);

  afterAll(async () => {
    redis?.disconnect();
    await app?.close();
    await jwks?.close();
  });

  const me = (token: string, site = 'ae') =>
    request(app.getHttpServer()).get('/v1/me').set('x-site', site).set('authorization', `Bearer ${token}`);

  it('verifies a token once and answers from the cache after, with the same account', async () => {
    const sub = randomUUID();
    const token = await tokenFor('user', { sub, tv: 0 });
    const first = await me(token).expect(200);
    expect(verified.has(token)).toBe(true);
    const second = await me(token).expect(200);
    expect(second.body.results).toEqual(first.body.results);
    expect(second.body.results).toMatchObject({ id: sub, role: 'user', site: 'ae' });
    // A token of the other site is still refused, cached or not.
    await me(token, 'sa').expect(401);
  });

  it('answers a remembered token without passport, a new one through it', async () => {
    const calls = jest.spyOn(passport, 'authenticate');
    try {
      const sub = randomUUID();
      const token = await tokenFor('user', { sub, tv: 0 });
      await me(token).expect(200);
      expect(calls).toHaveBeenCalledTimes(1);
      await me(token).expect(200);
      await me(token).expect(200);
      // The guard's short way: claims and revocation checked, no passport (issue 13).
      expect(calls).toHaveBeenCalledTimes(1);
      // A token the guard has not seen takes passport's whole path.
      await me(await tokenFor('user', { tv: 0 })).expect(200);
      expect(calls).toHaveBeenCalledTimes(2);
      // So does a remembered one once the key its kid names is no longer the same object.
      verified.remember(
        token,
        { sub: randomUUID(), role: 'user', site: 'ae', exp: Date.now() / 1000 + 600 },
        generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey,
      );
      const again = await me(token).expect(200);
      expect(calls).toHaveBeenCalledTimes(3);
      // Verified again: the account the token names, not the entry remembered with another key.
      expect(again.body.results).toMatchObject({ id: sub, role: 'user', site: 'ae' });
    } finally {
      calls.mockRestore();
    }
  });

  it('refuses a remembered token once its account is revoked', async () => {
    const sub = randomUUID();
    const token = await tokenFor('user', { sub, tv: 0 });
    await me(token).expect(200);
    expect(verified.has(token)).toBe(true);
    await publishRevocations(redis, namespace, { accounts: [{ id: sub, version: 1 }] }, 600);
    await me(token).expect(401);
    // A token issued after the revocation (version 1) is accepted.
    await me(await tokenFor('user', { sub, tv: 1 })).expect(200);
  });

  it('refuses a remembered token once its session is revoked', async () => {
    const sid = randomUUID();
    const token = await tokenFor('user', { tv: 0, sid });
    await me(token).expect(200);
    await me(token).expect(200);
    await publishRevocations(redis, namespace, { sessions: [sid] }, 600);
    await me(token).expect(401);
  });

  it('refuses a remembered token from its exp on', async () => {
    const token = await tokenFor('user', { tv: 0, expiresIn: '2s' });
    await me(token).expect(200);
    expect(verified.has(token)).toBe(true);
    const exp = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp as number;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
    await me(token).expect(401);
    expect(verified.has(token)).toBe(false);
  });
});
