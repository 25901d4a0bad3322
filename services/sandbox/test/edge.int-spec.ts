import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { checkHttpMetrics, createTestApp, driveBadInput, testNamespace, testRedisUrl } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';

/**
 * Generated bad input on every endpoint of the service's own /openapi.json, then its request
 * metrics, which must have counted all of it under route templates (@manzil/testing).
 */
describe('sandbox at the edge: bad input on every endpoint of its OpenAPI document, metrics', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp(
      AppModule.forRoot({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: 0,
        REDIS_URL: testRedisUrl(),
        SANDBOX_NAMESPACE: testNamespace('sandbox-bad-input'),
      }),
    );
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  // Found by the driver: these answered 500 before. The sandbox reads no Manzil token (it has
  // no auth of its own kit), so a stray bearer is ignored where the protocol has its own
  // credentials (Nafath's APP-ID/APP-KEY) and refused in the protocol where it is the credential.
  it('answers a malformed bearer token on the Nafath and Google endpoints in their protocol, never 500', async () => {
    const nafath = await request(app.getHttpServer())
      .get('/api/v1/mfa/jwk')
      .set('APP-ID', 'manzil-dev')
      .set('APP-KEY', 'manzil-dev-key')
      .set('authorization', 'Bearer not.a.token');
    expect(nafath.status).toBe(200);
    expect(nafath.body).toHaveProperty('keys');
    for (const call of [
      request(app.getHttpServer()).get('/o/oauth2/v2/auth'),
      request(app.getHttpServer()).post('/token').send({ grant_type: 'authorization_code' }),
    ]) {
      const google = await call.set('authorization', 'Bearer not.a.token');
      expect([google.status, google.body.error]).toEqual([400, 'invalid_request']);
    }
  });

  it('never answers 5xx; its own endpoints always in the envelope (Nafath and Google keep their protocol)', async () => {
    // Not driven: the late-answer controls. A body they accept makes the sinks' next answers wait
    // (up to a minute) by design, which the driver would then report as no answer; their bad
    // input (422) is checked in sandbox.int-spec.ts. Skipped, the driver counts them undocumented:
    // they are in the document (checked here), only not driven.
    const lateControls = ['PUT /sandbox/sms/delay', 'PUT /sandbox/email/delay'];
    const report = await driveBadInput(app, {
      skip: (operation) => lateControls.includes(`${operation.method} ${operation.path}`),
    });
    const doc = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(lateControls.filter((control) => !doc.paths[control.split(' ')[1]]?.put)).toEqual([]);
    expect(report.undocumented.filter((operation) => !lateControls.includes(operation))).toEqual([]);
    expect(report.failures).toEqual([]);
    expect(report.operations.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('serves /metrics, counting every request under its route template', async () => {
    const { problems } = await checkHttpMetrics(app, 'sandbox');
    expect(problems).toEqual([]);
  });
});
