import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, testNamespace, testRedisUrl } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';
import type { SandboxConfig } from '../src/config.js';

const config = (overrides: Partial<SandboxConfig> = {}): SandboxConfig => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PORT: 0,
  REDIS_URL: testRedisUrl(),
  SANDBOX_NAMESPACE: testNamespace('sandbox'),
  ...overrides,
});

describe('sandbox', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp(AppModule.forRoot(config()));
  });

  afterAll(async () => {
    await app?.close();
  });

  it('keeps an SMS and reads it back by recipient, however the number was typed, with its code', async () => {
    const sent = await request(app.getHttpServer())
      .post('/v1/sms')
      .send({ to: '+971 50 123 ٤٥٦٧', body: 'Your Manzil verification code is ٤٨٢٩' })
      .expect(201);
    expect(sent.body.results).toMatchObject({ to: '+971501234567', code: '4829', status: 'delivered' });
    const listed = await request(app.getHttpServer())
      .get('/v1/sms')
      .query({ to: '+971501234567' })
      .expect(200);
    expect(listed.body.results.total).toBe(1);
    expect(listed.body.results.items[0]).toMatchObject({
      id: sent.body.results.id,
      body: 'Your Manzil verification code is ٤٨٢٩',
    });
  });

  it('lists newest first, paginated, and keeps recipients apart', async () => {
    for (const n of [1, 2, 3]) {
      await request(app.getHttpServer())
        .post('/v1/sms')
        .send({ to: '+966500000001', body: `OTP 10${n}0` })
        .expect(201);
    }
    await request(app.getHttpServer())
      .post('/v1/sms')
      .send({ to: '+966500000002', body: 'OTP 9999' })
      .expect(201);
    const first = await request(app.getHttpServer())
      .get('/v1/sms?to=%2B966500000001&page=1&limit=2')
      .expect(200);
    expect(first.body.results).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(first.body.results.items.map((m: { code: string }) => m.code)).toEqual(['1030', '1020']);
    const second = await request(app.getHttpServer())
      .get('/v1/sms?to=%2B966500000001&page=2&limit=2')
      .expect(200);
    expect(second.body.results.items.map((m: { code: string }) => m.code)).toEqual(['1010']);
    const all = await request(app.getHttpServer()).get('/v1/sms').expect(200);
    expect(all.body.results.total).toBe(5);
    expect(all.body.results.items[0].code).toBe('9999');
  });

  it('refuses the next N SMS sends on request (a provider that is down), on both endpoints, then takes them again', async () => {
    const server = app.getHttpServer();
    await request(server).put('/sandbox/sms/failures').send({ count: -1 }).expect(422);
    expect(
      (await request(server).put('/sandbox/sms/failures').send({ count: 2 }).expect(200)).body.results,
    ).toEqual({ count: 2 });
    await request(server).post('/v1/sms').send({ to: '+971509990001', body: 'one' }).expect(503);
    const unifonic = await request(server)
      .post('/rest/SMS/messages')
      .type('form')
      .send({ AppSid: 'manzil-dev', SenderID: 'Manzil', Recipient: '971509990001', Body: 'two' })
      .expect(503);
    expect(unifonic.body).toMatchObject({ success: false, errorCode: 'ER-503' });
    expect((await request(server).get('/sandbox/sms/failures').expect(200)).body.results).toEqual({
      count: 0,
    });
    // Nothing refused was kept; the next one is.
    expect((await request(server).get('/v1/sms').query({ to: '+971509990001' })).body.results.total).toBe(0);
    await request(server)
      .post('/rest/SMS/messages')
      .type('form')
      .send({ AppSid: 'manzil-dev', SenderID: 'Manzil', Recipient: '971509990001', Body: 'three' })
      .expect(200);
    const kept = await request(server).get('/v1/sms').query({ to: '+971509990001' }).expect(200);
    expect(kept.body.results.items.map((m: { body: string }) => m.body)).toEqual(['three']);
  });

  it('answers the next N sends late on request (a provider that took them), per channel, keeping them', async () => {
    const server = app.getHttpServer();
    await request(server).put('/sandbox/sms/delay').send({ count: 1, ms: -5 }).expect(422);
    expect(
      (await request(server).put('/sandbox/sms/delay').send({ count: 1, ms: 700 }).expect(200)).body.results,
    ).toEqual({ count: 1, ms: 700 });
    await request(server).put('/sandbox/email/delay').send({ count: 1, ms: 700 }).expect(200);
    const timed = async (send: () => Promise<unknown>) => {
      const started = Date.now();
      await send();
      return Date.now() - started;
    };
    // The Unifonic endpoint uses up the SMS delay: late, but kept; the next one is answered at once.
    const late = await timed(() =>
      request(server)
        .post('/rest/SMS/messages')
        .type('form')
        .send({ AppSid: 'manzil-dev', SenderID: 'Manzil', Recipient: '971509990002', Body: 'late' })
        .expect(200),
    );
    expect(late).toBeGreaterThanOrEqual(700);
    expect((await request(server).get('/sandbox/sms/delay').expect(200)).body.results).toEqual({
      count: 0,
      ms: 700,
    });
    const prompt = await timed(() =>
      request(server).post('/v1/sms').send({ to: '+971509990002', body: 'prompt' }).expect(201),
    );
    expect(prompt).toBeLessThan(700);
    const kept = await request(server).get('/v1/sms').query({ to: '+971509990002' }).expect(200);
    expect(kept.body.results.items.map((m: { body: string }) => m.body)).toEqual(['prompt', 'late']);
    // The e-mail sink's own delay.
    const mail = await timed(() =>
      request(server)
        .post('/v1/email')
        .send({ to: 'late@example.com', subject: 'Late', text: 'late' })
        .expect(201),
    );
    expect(mail).toBeGreaterThanOrEqual(700);
    expect((await request(server).get('/v1/email?to=late@example.com')).body.results.total).toBe(1);
    await request(server).put('/sandbox/email/delay').send({ count: 0, ms: 0 }).expect(200);
  });

  it('keeps an e-mail and reads it back', async () => {
    await request(app.getHttpServer())
      .post('/v1/email')
      .send({
        to: 'Sara@Example.com',
        subject: 'Reset your password',
        text: 'Code: 552201',
        html: '<p>Code: <b>552201</b></p>',
      })
      .expect(201);
    const listed = await request(app.getHttpServer()).get('/v1/email?to=sara@example.com').expect(200);
    expect(listed.body.results.items).toEqual([
      expect.objectContaining({
        to: 'sara@example.com',
        subject: 'Reset your password',
        code: '552201',
        html: '<p>Code: <b>552201</b></p>',
      }),
    ]);
  });

  it('names what is wrong with a message', async () => {
    const response = await request(app.getHttpServer())
      .post('/v1/sms')
      .set('language', 'ar')
      .send({ to: 'abc' })
      .expect(422);
    expect(response.body.results.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'body',
      'to',
    ]);
    await request(app.getHttpServer())
      .post('/v1/email')
      .send({ to: 'not-an-email', subject: 'x', text: 'y' })
      .expect(422);
    await request(app.getHttpServer())
      .post('/v1/email')
      .send({ to: 'a@b.co', subject: 'no content' })
      .expect(422);
  });

  it('reports Redis in /ready', async () => {
    const ready = await request(app.getHttpServer()).get('/ready').expect(200);
    expect(ready.body.results).toEqual({ redis: 'ok' });
  });

  it('refuses to be built for production', () => {
    expect(() => AppModule.forRoot(config({ NODE_ENV: 'production' }))).toThrow(
      /refuses to start with NODE_ENV=production/,
    );
  });

  it('refuses to start in production, with one clear line', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', main], {
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production', REDIS_URL: testRedisUrl() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(
      'sandbox refuses to start with NODE_ENV=production: it fakes outside providers and is for development and tests only',
    );
  });
});
