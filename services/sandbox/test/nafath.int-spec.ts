import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import request from 'supertest';
import { createTestApp, expectEventually, testNamespace, testRedisUrl } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import type { SandboxConfig } from '../src/config.js';

const APP = { 'APP-ID': 'test-app', 'APP-KEY': 'test-key' };

describe('sandbox: Nafath', () => {
  let app: INestApplication;
  let base: string;
  let platform: Server;
  let callbackUrl: string;
  let callbacks: { token: string; transId: string; requestId: string }[] = [];
  let nextId = 1000000100;
  const nationalId = () => String(nextId++);

  beforeAll(async () => {
    platform = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        callbacks.push(JSON.parse(body));
        res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(platform.address() as AddressInfo).port}/v1/nafath/callback`;
    const config: SandboxConfig = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: 0,
      REDIS_URL: testRedisUrl(),
      SANDBOX_NAMESPACE: testNamespace('sandbox-nafath'),
      NAFATH_APP_ID: APP['APP-ID'],
      NAFATH_APP_KEY: APP['APP-KEY'],
      NAFATH_CALLBACK_URL: callbackUrl,
      NAFATH_REQUEST_SECONDS: 2,
    };
    app = await createTestApp(AppModule.forRoot(config));
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  });

  beforeEach(() => {
    callbacks = [];
  });

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => platform?.close(resolve));
  });

  const start = (id: string, headers: Record<string, string> = APP) =>
    request(app.getHttpServer())
      .post(`/api/v1/mfa/request?local=ar&requestId=${randomUUID()}`)
      .set(headers)
      .send({ nationalId: id, service: 'Login' });
  const status = (body: object) =>
    request(app.getHttpServer()).post('/api/v1/mfa/request/status').set(APP).send(body);

  it('starts a request: { transId, random } with a two-digit random, bare JSON', async () => {
    const response = await start(nationalId()).expect(200);
    expect(Object.keys(response.body).sort()).toEqual(['random', 'transId']);
    expect(response.body.transId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.random).toMatch(/^[1-9]\d$/);
  });

  it('refuses calls without the right APP-ID and APP-KEY, on every endpoint', async () => {
    const missing = await start(nationalId(), {}).expect(401);
    expect(missing.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid APP-ID or APP-KEY' });
    await start(nationalId(), { 'APP-ID': 'test-app', 'APP-KEY': 'wrong' }).expect(401);
    await request(app.getHttpServer()).post('/api/v1/mfa/request/status').send({}).expect(401);
    await request(app.getHttpServer()).get('/api/v1/mfa/jwk').set('APP-ID', 'test-app').expect(401);
  });

  it('checks the request: national ID, service, requestId and local', async () => {
    const bad = await request(app.getHttpServer())
      .post('/api/v1/mfa/request?local=fr')
      .set(APP)
      .send({ nationalId: '12345', service: '' })
      .expect(400);
    expect(bad.body.code).toBe('INVALID_REQUEST');
    expect(bad.body.message).toMatch(/requestId/);
    expect(bad.body.message).toMatch(/local/);
    const body = await request(app.getHttpServer())
      .post(`/api/v1/mfa/request?local=en&requestId=${randomUUID()}`)
      .set(APP)
      .send({ nationalId: '3000000000', service: '' })
      .expect(400);
    expect(body.body.message).toMatch(/nationalId/);
    expect(body.body.message).toMatch(/service/);
  });

  it('keeps one active request per national ID', async () => {
    const id = nationalId();
    const first = await start(id).expect(200);
    const second = await start(id).expect(400);
    expect(second.body).toEqual({
      code: 'ACTIVE_REQUEST_EXISTS',
      message: 'There is an active request for this national ID',
    });
    // Concurrent starts for one person: exactly one wins.
    const other = nationalId();
    const results = await Promise.all([start(other), start(other), start(other)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    // Once decided, the person may be asked again.
    await request(app.getHttpServer()).post(`/sandbox/nafath/${first.body.transId}/reject`).expect(200);
    await start(id).expect(200);
  });

  it('reports WAITING, needs nationalId, transId and random to match', async () => {
    const id = nationalId();
    const { body } = await start(id).expect(200);
    expect(
      (await status({ nationalId: id, transId: body.transId, random: body.random }).expect(200)).body,
    ).toEqual({ status: 'WAITING' });
    const wrong = String(((Number(body.random) - 10 + 1) % 90) + 10);
    await status({ nationalId: id, transId: body.transId, random: wrong }).expect(404);
    await status({ nationalId: nationalId(), transId: body.transId, random: body.random }).expect(404);
  });

  it('on approve posts { token, transId, requestId } to the callback URL, the token verifiable against the JWKS', async () => {
    const id = '1000000001';
    const requestId = randomUUID();
    const { body } = await request(app.getHttpServer())
      .post(`/api/v1/mfa/request?local=en&requestId=${requestId}`)
      .set(APP)
      .send({ nationalId: id, service: 'Login' })
      .expect(200);
    const listed = await request(app.getHttpServer())
      .get(`/sandbox/nafath/requests?nationalId=${id}&status=WAITING`)
      .expect(200);
    expect(listed.body.results).toEqual([
      expect.objectContaining({ transId: body.transId, random: body.random, status: 'WAITING' }),
    ]);

    const approved = await request(app.getHttpServer())
      .post(`/sandbox/nafath/${body.transId}/approve`)
      .expect(200);
    expect(approved.body.results).toEqual({
      transId: body.transId,
      status: 'COMPLETED',
      callback: { url: callbackUrl, status: 201 },
    });
    expect(callbacks).toHaveLength(1);
    const callback = callbacks[0];
    expect(Object.keys(callback).sort()).toEqual(['requestId', 'token', 'transId']);
    expect(callback).toMatchObject({ transId: body.transId, requestId });

    const jwks = createRemoteJWKSet(new URL(`${base}/api/v1/mfa/jwk`), { headers: APP });
    const { payload, protectedHeader } = await jwtVerify(callback.token, jwks, { algorithms: ['RS256'] });
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      status: 'COMPLETED',
      transId: body.transId,
      requestId,
      sub: id,
      nationalId: id,
      englishFirstName: 'Mohammed',
      englishLastName: 'Al-Qahtani',
      arabicFirstName: 'محمد',
      arabicLastName: 'القحطاني',
      dateOfBirthG: '1988-03-14',
      aud: 'test-app',
    });
    expect(
      (await status({ nationalId: id, transId: body.transId, random: body.random }).expect(200)).body,
    ).toEqual({ status: 'COMPLETED' });
    // Decided once.
    await request(app.getHttpServer()).post(`/sandbox/nafath/${body.transId}/reject`).expect(409);
  });

  it('on reject posts a REJECTED token without the person details', async () => {
    const id = nationalId();
    const { body } = await start(id).expect(200);
    await request(app.getHttpServer()).post(`/sandbox/nafath/${body.transId}/reject`).expect(200);
    expect(callbacks).toHaveLength(1);
    const jwks = createRemoteJWKSet(new URL(`${base}/api/v1/mfa/jwk`), { headers: APP });
    const { payload } = await jwtVerify(callbacks[0].token, jwks);
    expect(payload).toMatchObject({ status: 'REJECTED', transId: body.transId, nationalId: id });
    expect(payload.englishFirstName).toBeUndefined();
    expect((await status({ nationalId: id, transId: body.transId, random: body.random })).body).toEqual({
      status: 'REJECTED',
    });
  });

  it('expires a request on demand (no callback) and by itself after its lifetime', async () => {
    const id = nationalId();
    const first = await start(id).expect(200);
    const expired = await request(app.getHttpServer())
      .post(`/sandbox/nafath/${first.body.transId}/expire`)
      .expect(200);
    expect(expired.body.results.status).toBe('EXPIRED');
    expect(callbacks).toHaveLength(0);
    expect(
      (await status({ nationalId: id, transId: first.body.transId, random: first.body.random })).body,
    ).toEqual({ status: 'EXPIRED' });
    await request(app.getHttpServer()).post(`/sandbox/nafath/${first.body.transId}/approve`).expect(409);

    const second = await start(id).expect(200);
    await expectEventually(
      async () =>
        expect(
          (await status({ nationalId: id, transId: second.body.transId, random: second.body.random })).body,
        ).toEqual({ status: 'EXPIRED' }),
      { timeoutMs: 4000, intervalMs: 200 },
    );
    // The lifetime is over: a new request is accepted, the old one cannot be approved.
    await start(id).expect(200);
    await request(app.getHttpServer()).post(`/sandbox/nafath/${second.body.transId}/approve`).expect(409);
  });

  it('answers 404 for an unknown request and reports a callback that could not be delivered', async () => {
    await request(app.getHttpServer()).post(`/sandbox/nafath/${randomUUID()}/approve`).expect(404);
    await request(app.getHttpServer())
      .put('/sandbox/nafath/callback-url')
      .send({ url: 'http://127.0.0.1:1/nowhere' })
      .expect(200);
    try {
      const { body } = await start(nationalId()).expect(200);
      const approved = await request(app.getHttpServer())
        .post(`/sandbox/nafath/${body.transId}/approve`)
        .expect(200);
      expect(approved.body.results.callback).toMatchObject({
        url: 'http://127.0.0.1:1/nowhere',
        status: null,
        error: expect.any(String),
      });
    } finally {
      const restored = await request(app.getHttpServer())
        .put('/sandbox/nafath/callback-url')
        .send({ url: null })
        .expect(200);
      expect(restored.body.results.url).toBe(callbackUrl);
    }
  });

  it('publishes one RS256 key with its kid', async () => {
    const { body } = await request(app.getHttpServer()).get('/api/v1/mfa/jwk').set(APP).expect(200);
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(body.keys[0].d).toBeUndefined();
    const { body: started } = await start(nationalId()).expect(200);
    await request(app.getHttpServer()).post(`/sandbox/nafath/${started.transId}/approve`).expect(200);
    expect(decodeProtectedHeader(callbacks[0].token)).toEqual({
      alg: 'RS256',
      typ: 'JWT',
      kid: body.keys[0].kid,
    });
  });

  it('shows waiting requests with Approve / Reject on a page, whose buttons work', async () => {
    const id = nationalId();
    const { body } = await start(id).expect(200);
    const html = await request(app.getHttpServer())
      .get('/sandbox/nafath')
      .expect(200)
      .expect('content-type', /html/);
    expect(html.text).toContain(`data-trans-id="${body.transId}"`);
    expect(html.text).toContain(`action="nafath/${body.transId}/approve?back=1"`);
    expect(html.text).toContain('Reject');
    const back = await request(app.getHttpServer())
      .post(`/sandbox/nafath/${body.transId}/approve?back=1`)
      .expect(303);
    expect(new URL(back.headers.location, `${base}/sandbox/nafath/${body.transId}/approve`).pathname).toBe(
      '/sandbox/nafath',
    );
    expect(callbacks).toHaveLength(1);
    const after = await request(app.getHttpServer()).get('/sandbox/nafath').expect(200);
    expect(after.text).not.toContain(`data-trans-id="${body.transId}"`);
  });
});
