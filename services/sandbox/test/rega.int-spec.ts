import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createTestApp, testNamespace, testRedisUrl } from '@manzil/testing';
import { AppModule } from '../src/app.module.js';

const CLIENT = { 'X-IBM-Client-Id': 'rega-test', 'X-IBM-Client-Secret': 'rega-test-secret' };

describe('sandbox: REGA advertisement validator', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp(
      AppModule.forRoot({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: 0,
        REDIS_URL: testRedisUrl(),
        SANDBOX_NAMESPACE: testNamespace('sandbox-rega'),
        REGA_CLIENT_ID: CLIENT['X-IBM-Client-Id'],
        REGA_CLIENT_SECRET: CLIENT['X-IBM-Client-Secret'],
      }),
    );
  });

  afterAll(async () => {
    await app?.close();
  });

  const validate = (query: Record<string, string>, headers: Record<string, string> = CLIENT) =>
    request(app.getHttpServer()).get('/v2/brokerage/AdvertisementValidator').set(headers).query(query);

  it('answers a valid licence with its data, an expired one as not valid with its past end, an unknown one without data', async () => {
    const valid = await validate({
      advertiserId: '1012345678',
      adLicenseNumber: '7200001234',
      idType: '1',
    }).expect(200);
    expect(valid.body.Body.result).toMatchObject({
      isValid: true,
      advertisement: {
        adLicenseNumber: '7200001234',
        advertiserName: 'Faisal Al Qahtani',
        location: { city: 'Riyadh' },
      },
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(valid.body.Body.result.advertisement.endDate > today).toBe(true);

    const expired = await validate({
      advertiserId: '1012345678',
      adLicenseNumber: '7200009999',
      idType: '1',
    }).expect(200);
    expect(expired.body.Body.result.isValid).toBe(false);
    expect(expired.body.Body.result.advertisement.endDate < today).toBe(true);

    // Another advertiser's licence is as unknown as a made-up number.
    for (const query of [
      { advertiserId: '1099999999', adLicenseNumber: '7200001234', idType: '1' },
      { advertiserId: '1012345678', adLicenseNumber: '7299999999', idType: '1' },
    ]) {
      const unknown = await validate(query).expect(200);
      expect(unknown.body.Body.result).toMatchObject({ isValid: false, advertisement: null });
    }
  });

  it('refuses a call without the client id and secret, and a query without the three parameters', async () => {
    const refused = await validate(
      { advertiserId: '1012345678', adLicenseNumber: '7200001234', idType: '1' },
      {
        'X-IBM-Client-Id': 'rega-test',
        'X-IBM-Client-Secret': 'wrong',
      },
    ).expect(401);
    expect(refused.body.success).toBeUndefined();
    await validate({ advertiserId: '1012345678' }).expect(400);
  });
});
