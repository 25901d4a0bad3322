// Sessions end everywhere within the next request: a password change (other sessions), logout,
// logout everywhere, a company deactivating its agent, account deletion and a password reset
// are refused by identity AND by another service (a separate application with nest-kit's
// guard, identity's JWKS over HTTP and the revocations in the shared Redis), not 15 minutes
// later when the access token runs out. Sessions also end at their absolute lifetime.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { Redis } from 'ioredis';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startProbeService } from '@manzil/testing';
import { seed } from '../src/seed.js';
import { hashToken, SessionRevocations } from '../src/tokens/index.js';
import { startHarness, PASSWORD, type Harness } from './harness.js';

interface Session {
  token: string;
  refresh_token: string;
}

const NEW_PASSWORD = 'Changed@2027';
let h: Harness;
let probe: INestApplication;
let mobileSeq = 0;
const nextMobile = () => `5${String(30000000 + ++mobileSeq)}`;

/** A verified customer of the UAE site and its first session. */
async function customer(): Promise<{ mobile: string; session: Session }> {
  const mobile = nextMobile();
  await h
    .http()
    .post('/v1/auth/register/customer')
    .set('x-site', 'ae')
    .send({
      firstName: 'Huda',
      lastName: 'Saleh',
      email: `${mobile}@example.com`,
      countryCode: '+971',
      mobile,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    })
    .expect(201);
  const otp = await h.lastCode(`+971${mobile}`);
  const verified = await h
    .http()
    .post('/v1/auth/otp/verify')
    .set('x-site', 'ae')
    .send({ countryCode: '+971', mobile, otp, purpose: 'signup' })
    .expect(200);
  return { mobile, session: verified.body.results as Session };
}

async function login(kind: string, mobile: string, password = PASSWORD): Promise<Session> {
  const response = await h
    .http()
    .post(`/v1/auth/login/${kind}`)
    .set('x-site', 'ae')
    .send({ countryCode: '+971', mobile, password })
    .expect(200);
  return response.body.results as Session;
}

/** The status another service answers this access token with. */
async function elsewhere(session: Session): Promise<number> {
  const response = await request(probe.getHttpServer())
    .get('/v1/probe/me')
    .set('x-site', 'ae')
    .set('authorization', `Bearer ${session.token}`);
  return response.status;
}

/** The status identity itself answers this access token with. */
async function atIdentity(session: Session): Promise<number> {
  const response = await h
    .http()
    .get('/v1/profile')
    .set('x-site', 'ae')
    .set('authorization', `Bearer ${session.token}`);
  return response.status;
}

/** The id of the newest SMS to this UAE mobile (a later code is waited for after it). */
const lastSms = (mobile: string) =>
  String(h.sink.messages.filter((message) => message.to === `+971${mobile}`).at(-1)?.id);

const refresh = (session: Session) =>
  h.http().post('/v1/auth/refresh').set('x-site', 'ae').send({ refresh_token: session.refresh_token });

beforeAll(async () => {
  h = await startHarness();
  await seed(h.app.get(DataSource), () => undefined);
  const port = (h.app.getHttpServer().address() as AddressInfo).port;
  probe = await startProbeService({
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    namespace: h.namespace,
  });
}, 60_000);

afterAll(async () => {
  await probe?.close();
  await h?.close();
});

describe('tokens', () => {
  it('name their signing key (kid, published in the JWKS) and carry iss, aud, the token version and the session', async () => {
    const { session } = await customer();
    const jwks = await h.http().get('/.well-known/jwks.json').expect(200);
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
    const header = decodeProtectedHeader(session.token);
    expect(header).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect((jwks.body as { keys: { kid: string; kty: string; use: string }[] }).keys).toEqual([
      expect.objectContaining({ kid: header.kid, kty: 'RSA', use: 'sig', alg: 'RS256' }),
    ]);
    expect(decodeJwt(session.token)).toMatchObject({
      iss: 'manzil-identity',
      aud: 'manzil',
      tv: 0,
      sid: expect.any(String),
    });
    expect(await elsewhere(session)).toBe(200);
  });
});

describe('revocation reaches every service on the next request', () => {
  it('a password change ends every other session (access and refresh); the session that changed it goes on', async () => {
    const { mobile, session: here } = await customer();
    const other = await login('customer', mobile);
    expect(await elsewhere(other)).toBe(200);

    await h
      .http()
      .put('/v1/profile/password')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${here.token}`)
      .send({ oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })
      .expect(200);

    expect(await elsewhere(other)).toBe(401);
    expect(await atIdentity(other)).toBe(401);
    expect((await refresh(other)).status).toBe(401);

    expect(await elsewhere(here)).toBe(200);
    expect(await atIdentity(here)).toBe(200);
    const rotated = (await refresh(here).expect(200)).body.results as Session;
    expect(await elsewhere(rotated)).toBe(200);
    // The new password signs in; the session it opens is accepted everywhere.
    expect(await elsewhere(await login('customer', mobile, NEW_PASSWORD))).toBe(200);
  });

  it('logout ends the access tokens of that session too, and only of that session', async () => {
    const { mobile, session } = await customer();
    const other = await login('customer', mobile);
    await h
      .http()
      .post('/v1/auth/logout')
      .set('x-site', 'ae')
      .send({ refresh_token: session.refresh_token })
      .expect(200);
    expect(await elsewhere(session)).toBe(401);
    expect(await elsewhere(other)).toBe(200);
  });

  it('logout everywhere ends every session of the account, this one too; a new sign-in works', async () => {
    const { mobile, session } = await customer();
    const other = await login('customer', mobile);
    await h
      .http()
      .post('/v1/auth/logout-everywhere')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${session.token}`)
      .expect(200);
    for (const ended of [session, other]) {
      expect(await elsewhere(ended)).toBe(401);
      expect(await atIdentity(ended)).toBe(401);
      expect((await refresh(ended)).status).toBe(401);
    }
    const fresh = await login('customer', mobile);
    expect(decodeJwt(fresh.token).tv).toBe(1);
    expect(await elsewhere(fresh)).toBe(200);
    // Without a token it is refused like any signed-in endpoint.
    await h.http().post('/v1/auth/logout-everywhere').set('x-site', 'ae').expect(401);
  });

  it("a company deactivating its agent: the agent's access token is refused elsewhere at once", async () => {
    const company = await login('company', '501000002');
    const agent = await login('agent', '501000003');
    expect(await elsewhere(agent)).toBe(200);
    const agentId = decodeJwt(agent.token).sub as string;
    const status = (value: string) =>
      h
        .http()
        .patch(`/v1/agents/${agentId}/status`)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${company.token}`)
        .send({ status: value })
        .expect(200);
    await status('inactive');
    expect(await elsewhere(agent)).toBe(401);
    expect((await refresh(agent)).status).toBe(401);
    await status('active');
    // Active again: the old token stays refused, a new sign-in is accepted.
    expect(await elsewhere(agent)).toBe(401);
    expect(await elsewhere(await login('agent', '501000003'))).toBe(200);
  });

  it('a deleted account: its access token is refused elsewhere at once', async () => {
    const { mobile, session } = await customer();
    const before = lastSms(mobile);
    const bearer = `Bearer ${session.token}`;
    await h
      .http()
      .post('/v1/account/deletion/otp')
      .set('x-site', 'ae')
      .set('authorization', bearer)
      .expect(200);
    const otp = await h.lastCode(`+971${mobile}`, before);
    await h
      .http()
      .post('/v1/account/deletion')
      .set('x-site', 'ae')
      .set('authorization', bearer)
      .send({ otp })
      .expect(200);
    expect(await elsewhere(session)).toBe(401);
  });

  it('a password reset ends every session elsewhere at once', async () => {
    const { mobile, session } = await customer();
    const before = lastSms(mobile);
    await h
      .http()
      .post('/v1/auth/forgot-password')
      .set('x-site', 'ae')
      .send({ countryCode: '+971', mobile })
      .expect(200);
    const otp = await h.lastCode(`+971${mobile}`, before);
    const verified = await h
      .http()
      .post('/v1/auth/otp/verify')
      .set('x-site', 'ae')
      .send({ countryCode: '+971', mobile, otp, purpose: 'reset' })
      .expect(200);
    await h
      .http()
      .post('/v1/auth/reset-password')
      .set('x-site', 'ae')
      .send({
        resetToken: verified.body.results.resetToken,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      })
      .expect(200);
    expect(await elsewhere(session)).toBe(401);
  });

  it('a revocation Redis lost (restarted empty) is written again by the sync', async () => {
    const { session } = await customer();
    await h
      .http()
      .post('/v1/auth/logout-everywhere')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${session.token}`)
      .expect(200);
    expect(await elsewhere(session)).toBe(401);
    const redis = new Redis(h.config.REDIS_URL);
    try {
      const keys = await redis.keys(`${h.namespace}:auth:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    // What a Redis restarted without persistence would do: the revoked token passes again ...
    expect(await elsewhere(session)).toBe(200);
    // ... until identity writes the revocations of the last access-token lifetime again.
    await h.app.get(SessionRevocations).sync();
    expect(await elsewhere(session)).toBe(401);
  });
});

describe('session lifetime', () => {
  it('a refresh never outlives the absolute end of its session, which rotation carries unchanged', async () => {
    const { session } = await customer();
    const rows = (refreshToken: string) =>
      h.app.get(DataSource).query(
        `SELECT "family_id", "expires_at", "session_expires_at" FROM "refresh_tokens"
          WHERE "family_id" = (SELECT "family_id" FROM "refresh_tokens" WHERE "token_hash" = $1)
          ORDER BY "created_at"`,
        [hashToken(refreshToken)],
      ) as Promise<{ family_id: string; expires_at: Date; session_expires_at: Date }[]>;
    const rotated = (await refresh(session).expect(200)).body.results as Session;
    const family = await rows(rotated.refresh_token);
    expect(family).toHaveLength(2);
    expect(family[1].session_expires_at).toEqual(family[0].session_expires_at);
    for (const row of family)
      expect(row.expires_at.getTime()).toBeLessThanOrEqual(row.session_expires_at.getTime());

    // Thirty days on (the session's end moved into the past), the sliding expiry no longer helps.
    await h.app
      .get(DataSource)
      .query(
        `UPDATE "refresh_tokens" SET "session_expires_at" = now() - interval '1 second' WHERE "family_id" = $1`,
        [family[0].family_id],
      );
    expect((await refresh(rotated)).status).toBe(401);
  });
});
