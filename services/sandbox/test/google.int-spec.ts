import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import request from 'supertest';
import { createTestApp, testNamespace, testRedisUrl } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import type { SandboxConfig } from '../src/config.js';

const CLIENT = 'test-client.apps.googleusercontent.com';
const REDIRECT = 'http://sa.localhost:3000/auth/google';

describe('sandbox: Google OIDC issuer', () => {
  let app: INestApplication;
  let issuer: string;
  let jwks: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    const config: SandboxConfig = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: 0,
      REDIS_URL: testRedisUrl(),
      SANDBOX_NAMESPACE: testNamespace('sandbox-google'),
      GOOGLE_CLIENT_IDS: `${CLIENT},other-client`,
    };
    app = await createTestApp(AppModule.forRoot(config));
    issuer = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    jwks = createRemoteJWKSet(new URL(`${issuer}/oauth2/v3/certs`));
  });

  afterAll(async () => {
    await app?.close();
  });

  const verify = (token: string) =>
    jwtVerify(token, jwks, { issuer, audience: CLIENT, algorithms: ['RS256'] });

  it('serves a discovery document pointing at its own endpoints, and a JWKS', async () => {
    const { body } = await request(issuer).get('/.well-known/openid-configuration').expect(200);
    expect(body).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/oauth2/v3/certs`,
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const certs = await request(issuer).get('/oauth2/v3/certs').expect(200);
    expect(certs.body.keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) }),
    ]);
    expect(certs.body.keys[0].d).toBeUndefined();
  });

  it('mints ID tokens (test control) verifiable with jose: iss, aud, exp, email, email_verified, name, picture, kid', async () => {
    const { body } = await request(app.getHttpServer())
      .post('/sandbox/google/id-token')
      .send({ email: 'Layla@Example.com', name: 'Layla Hassan', picture: 'https://example.com/l.png' })
      .expect(200);
    const token = body.results.id_token;
    const { payload, protectedHeader } = await verify(token);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(payload).toMatchObject({
      iss: issuer,
      aud: CLIENT,
      azp: CLIENT,
      email: 'layla@example.com',
      email_verified: true,
      name: 'Layla Hassan',
      given_name: 'Layla',
      family_name: 'Hassan',
      picture: 'https://example.com/l.png',
      sub: expect.stringMatching(/^\d{21,}$/),
    });
    expect(payload.exp! - payload.iat!).toBe(3600);
    // The same person always has the same subject.
    const again = await request(app.getHttpServer())
      .post('/sandbox/google/id-token')
      .send({ email: 'layla@example.com' })
      .expect(200);
    expect((await verify(again.body.results.id_token)).payload.sub).toBe(payload.sub);
  });

  it('bends claims on demand, so refusals can be tested: aud, iss, exp, email_verified', async () => {
    const mint = async (extra: object) =>
      (
        await request(app.getHttpServer())
          .post('/sandbox/google/id-token')
          .send({ email: 'x@example.com', ...extra })
          .expect(200)
      ).body.results.id_token as string;
    await expect(verify(await mint({ aud: 'someone-else' }))).rejects.toThrow(/aud/);
    await expect(verify(await mint({ iss: 'https://evil.example' }))).rejects.toThrow(/iss/);
    await expect(verify(await mint({ expiresInSeconds: -120 }))).rejects.toThrow(/exp/);
    expect((await verify(await mint({ emailVerified: false }))).payload.email_verified).toBe(false);
    const google = await mint({ iss: 'https://accounts.google.com' });
    expect(
      (
        await jwtVerify(google, jwks, {
          issuer: ['accounts.google.com', 'https://accounts.google.com'],
          audience: CLIENT,
        })
      ).payload.iss,
    ).toBe('https://accounts.google.com');
  });

  it('shows a consent page and redirects with #id_token (implicit), keeping state and nonce', async () => {
    const page = await request(issuer)
      .get('/o/oauth2/v2/auth')
      .query({
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        response_type: 'id_token',
        scope: 'openid email profile',
        state: 's-1',
        nonce: 'n-1',
        login_hint: 'sara@example.com',
      })
      .expect(200)
      .expect('content-type', /html/);
    expect(page.text).toContain('name="email"');
    expect(page.text).toContain('value="sara@example.com"');
    expect(page.text).toContain('action="auth"');
    const answer = await request(issuer)
      .post('/o/oauth2/v2/auth')
      .type('form')
      .send({
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        response_type: 'id_token',
        state: 's-1',
        nonce: 'n-1',
        email: 'sara@example.com',
        name: 'Sara Ali',
        email_verified: 'on',
      })
      .expect(302);
    const location = new URL(answer.headers.location);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('state')).toBe('s-1');
    const { payload } = await verify(fragment.get('id_token')!);
    expect(payload).toMatchObject({
      email: 'sara@example.com',
      name: 'Sara Ali',
      email_verified: true,
      nonce: 'n-1',
    });
  });

  it('issues a code, exchanged once at /token for the ID token (form-encoded)', async () => {
    const answer = await request(issuer)
      .post('/o/oauth2/v2/auth')
      .type('form')
      .send({
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        response_type: 'code',
        state: 'abc',
        email: 'omar@example.com',
        name: 'Omar',
      })
      .expect(302);
    const location = new URL(answer.headers.location);
    expect(location.searchParams.get('state')).toBe('abc');
    const code = location.searchParams.get('code')!;
    expect(code).toBeTruthy();
    await request(issuer)
      .post('/token')
      .type('form')
      .send({ grant_type: 'authorization_code', code, client_id: 'other-client', redirect_uri: REDIRECT })
      .expect(400);
    // The failed attempt used the code up, as Google does with a code presented by the wrong client.
    const fresh = await request(issuer)
      .post('/o/oauth2/v2/auth')
      .type('form')
      .send({
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        response_type: 'code',
        email: 'omar@example.com',
        name: 'Omar',
      })
      .expect(302);
    const freshCode = new URL(fresh.headers.location).searchParams.get('code')!;
    const tokens = await request(issuer)
      .post('/token')
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code: freshCode,
        client_id: CLIENT,
        client_secret: 'anything',
        redirect_uri: REDIRECT,
      })
      .expect(200);
    expect(tokens.body).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
      id_token: expect.any(String),
    });
    const { payload } = await verify(tokens.body.id_token);
    expect(payload).toMatchObject({ email: 'omar@example.com', email_verified: false });
    const reused = await request(issuer)
      .post('/token')
      .type('form')
      .send({ grant_type: 'authorization_code', code: freshCode, client_id: CLIENT })
      .expect(400);
    expect(reused.body).toEqual({ error: 'invalid_grant', error_description: 'Malformed auth code.' });
  });

  it('refuses an unknown client, a bad redirect_uri and a wrong grant type; a cancel answers access_denied', async () => {
    const unknown = await request(issuer)
      .get('/o/oauth2/v2/auth')
      .query({ client_id: 'nobody', redirect_uri: REDIRECT })
      .expect(401);
    expect(unknown.body.error).toBe('invalid_client');
    await request(issuer)
      .get('/o/oauth2/v2/auth')
      .query({ client_id: CLIENT, redirect_uri: 'javascript:alert(1)' })
      .expect(400);
    const grant = await request(issuer)
      .post('/token')
      .type('form')
      .send({ grant_type: 'password' })
      .expect(400);
    expect(grant.body.error).toBe('unsupported_grant_type');
    const cancelled = await request(issuer)
      .post('/o/oauth2/v2/auth')
      .type('form')
      .send({
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        response_type: 'id_token',
        state: 'z',
        action: 'deny',
      })
      .expect(302);
    const location = new URL(cancelled.headers.location);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('z');
  });

  it('uses GOOGLE_ISSUER_URL when set (behind the gateway) and a key from the environment', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const other = await createTestApp(
      AppModule.forRoot({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: 0,
        REDIS_URL: testRedisUrl(),
        SANDBOX_NAMESPACE: testNamespace('sandbox-google'),
        GOOGLE_ISSUER_URL: 'http://localhost:3000/api/sandbox/',
        GOOGLE_PRIVATE_KEY: pem,
      }),
    );
    try {
      const { body } = await request(other.getHttpServer())
        .get('/.well-known/openid-configuration')
        .expect(200);
      expect(body.issuer).toBe('http://localhost:3000/api/sandbox');
      expect(body.jwks_uri).toBe('http://localhost:3000/api/sandbox/oauth2/v3/certs');
      const minted = await request(other.getHttpServer())
        .post('/sandbox/google/id-token')
        .send({ email: 'a@example.com' })
        .expect(200);
      const { createPublicKey } = await import('node:crypto');
      const { payload } = await jwtVerify(minted.body.results.id_token, createPublicKey(pem), {
        issuer: 'http://localhost:3000/api/sandbox',
      });
      expect(payload.aud).toBe('manzil-dev.apps.googleusercontent.com');
      expect(decodeProtectedHeader(minted.body.results.id_token).kid).toBeDefined();
    } finally {
      await other.close();
    }
  });
});
