import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type DynamicModule, type INestApplication, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { TOPICS } from '@manzil/contracts';
import { createDataSource, dataSourceOptions } from '@manzil/db';
import { BusModule, ManzilKitModule } from '@manzil/nest-kit';
import {
  createTestApp,
  createTestDatabase,
  testKeys,
  testNamespace,
  testRedisUrl,
  tokenFor,
  waitForEvent,
  type TestDatabase,
  startSandbox,
  type SandboxProcess,
} from '@manzil/testing';
import { AccountsModule, AccountsService } from '../src/accounts/index.js';
import { envSchema } from '../src/config.js';
import { CoreModule } from '../src/core.module.js';
import { entities, migrations } from '../src/data-source.js';
import { NafathModule, nafathEntities, nafathMigrations } from '../src/nafath/index.js';
import { identityAuth, signingKeys, TokensModule } from '../src/tokens/index.js';

const APP = { 'APP-ID': 'identity-test', 'APP-KEY': 'identity-test-key' };
const allEntities = [...new Set([...entities, ...nafathEntities])];
const allMigrations = [...new Set([...migrations, ...nafathMigrations])];

describe('identity: Nafath against the sandbox', () => {
  let db: TestDatabase;
  let sandbox: SandboxProcess;
  let app: INestApplication;
  let accounts: AccountsService;
  let ds: DataSource;
  const busNamespace = testNamespace('identity-nafath');
  let mobile = 500000100;

  beforeAll(async () => {
    db = await createTestDatabase('identity_nafath');
    const migrator = createDataSource({ url: db.url, entities: allEntities, migrations: allMigrations });
    await migrator.initialize();
    await migrator.runMigrations();
    await migrator.destroy();
    sandbox = await startSandbox({ NAFATH_APP_ID: APP['APP-ID'], NAFATH_APP_KEY: APP['APP-KEY'] });
    const config = envSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      BUS_NAMESPACE: busNamespace,
      JWT_PRIVATE_KEY: testKeys.privateKey,
      SMS_URL: `${sandbox.url}/v1/sms`,
      EMAIL_URL: `${sandbox.url}/v1/email`,
    });
    const keys = signingKeys(config);
    const nafath = {
      NODE_ENV: 'test',
      NAFATH_URL: sandbox.url,
      NAFATH_APP_ID: APP['APP-ID'],
      NAFATH_APP_KEY: APP['APP-KEY'],
    };

    // Identity's modules with Nafath, as the service's AppModule wires them.
    @Module({})
    class NafathTestModule {
      static forRoot(): DynamicModule {
        return {
          module: NafathTestModule,
          imports: [
            ManzilKitModule.forRoot({
              service: 'identity',
              auth: identityAuth(config, keys),
              redisUrl: config.REDIS_URL,
            }),
            TypeOrmModule.forRoot(
              dataSourceOptions({ url: db.url, entities: allEntities, migrations: allMigrations }),
            ),
            BusModule.forRoot({
              clientId: 'identity',
              redisUrl: config.REDIS_URL,
              namespace: busNamespace,
              relay: true,
            }),
            CoreModule.forRoot(config),
            AccountsModule,
            TokensModule.forRoot(keys),
            NafathModule.forRoot(nafath),
          ],
        };
      }
    }
    app = await createTestApp(NafathTestModule.forRoot());
    accounts = app.get(AccountsService);
    ds = app.get(DataSource);
    const identityUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    // The provider posts to identity's callback (in the demo: NAFATH_CALLBACK_URL of the sandbox).
    const set = await fetch(`${sandbox.url}/sandbox/nafath/callback-url`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${identityUrl}/v1/nafath/callback` }),
    });
    expect(set.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    await db?.drop();
  });

  async function saudiUser(site: 'sa' | 'ae' = 'sa') {
    const account = await accounts.create({
      site,
      role: 'user',
      name: 'Nafath Tester',
      mobile: String(mobile++),
      countryCode: site === 'sa' ? '+966' : '+971',
      email: `nafath-${randomUUID()}@example.com`,
      verified: true,
    });
    return { account, token: await tokenFor('user', { site, sub: account.id }) };
  }

  const http = () => request(app.getHttpServer());
  const start = (token: string, nationalId: string, site = 'sa') =>
    http()
      .post('/v1/nafath/request')
      .set('x-site', site)
      .set('authorization', `Bearer ${token}`)
      .send({ nationalId });
  const status = (token: string, transId: string) =>
    http()
      .get('/v1/nafath/status')
      .query({ transId })
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${token}`);
  const sandboxAct = async (transId: string, action: 'approve' | 'reject' | 'expire') => {
    const response = await fetch(`${sandbox.url}/sandbox/nafath/${transId}/${action}`, { method: 'POST' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: { callback: { status: number | null } } }).results;
  };

  it('request → WAITING → approved in the sandbox → signed callback → account verified, event on the bus', async () => {
    const { account, token } = await saudiUser();
    const started = await start(token, '1000000001').set('language', 'ar').expect(200);
    expect(started.body.results).toEqual({
      transId: expect.any(String),
      random: expect.stringMatching(/^\d{2}$/),
      expiresAt: expect.any(String),
    });
    const { transId, random, expiresAt } = started.body.results;
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(170_000);
    const [row] = await ds.query(
      `SELECT site, account_id, national_id, random, status FROM nafath_requests WHERE trans_id = $1`,
      [transId],
    );
    expect(row).toEqual({
      site: 'sa',
      account_id: account.id,
      national_id: '1000000001',
      random,
      status: 'WAITING',
    });

    expect((await status(token, transId).expect(200)).body.results).toEqual({ status: 'WAITING' });

    const approved = await sandboxAct(transId, 'approve');
    expect(approved.callback.status).toBe(200);
    expect((await status(token, transId).expect(200)).body.results).toEqual({ status: 'COMPLETED' });
    const verified = await accounts.findById('sa', account.id);
    expect(verified?.nafathVerifiedAt).toBeInstanceOf(Date);
    expect(verified?.nationalId).toBe('1000000001');
    const event = await waitForEvent(
      testRedisUrl(),
      busNamespace,
      TOPICS.identityAccount,
      (e) =>
        e.type === 'identity.account.nafath-verified' &&
        (e.payload as { accountId: string }).accountId === account.id,
    );
    expect(event).toMatchObject({ site: 'sa', key: account.id, version: 1 });

    // Already verified: no new request.
    const again = await start(token, '1000000001').expect(422);
    expect(again.body.results.fields[0].field).toBe('nationalId');
  });

  it('a rejected request is reported REJECTED, the account stays unverified, and a new request may follow', async () => {
    const { account, token } = await saudiUser();
    const { transId } = (await start(token, '1000000002').expect(200)).body.results;
    await sandboxAct(transId, 'reject');
    expect((await status(token, transId).expect(200)).body.results).toEqual({ status: 'REJECTED' });
    expect((await accounts.findById('sa', account.id))?.nafathVerifiedAt).toBeNull();
    await start(token, '1000000002').expect(200);
  });

  it('an expired request is reported EXPIRED (polled at the provider), then a new request is allowed', async () => {
    const { account, token } = await saudiUser();
    const { transId } = (await start(token, '1000000003').expect(200)).body.results;
    await sandboxAct(transId, 'expire');
    expect((await status(token, transId).expect(200)).body.results).toEqual({ status: 'EXPIRED' });
    expect((await accounts.findById('sa', account.id))?.nafathVerifiedAt).toBeNull();
    const next = await start(token, '1000000003').expect(200);
    expect(next.body.results.transId).not.toBe(transId);
  });

  it('refuses a resend while the request is waiting (422), allows it once its time is over', async () => {
    const { token } = await saudiUser();
    const first = (await start(token, '1000000004').expect(200)).body.results;
    const early = await start(token, '1000000004').set('language', 'ar').expect(422);
    expect(early.body).toMatchObject({
      success: false,
      results: {
        code: 'VALIDATION_FAILED',
        fields: [{ field: 'nationalId', message: expect.stringContaining('نفاذ') }],
      },
    });
    // Two at once: still one waiting request.
    const racing = await Promise.all([start(token, '1000000004'), start(token, '1000000004')]);
    expect(racing.map((r) => r.status)).toEqual([422, 422]);
    // Its time over on our side (and the provider let it go): a new request is accepted.
    await ds.query(
      `UPDATE nafath_requests SET expires_at = now() - interval '1 second' WHERE trans_id = $1`,
      [first.transId],
    );
    await sandboxAct(first.transId, 'expire');
    await start(token, '1000000004').expect(200);
    expect((await status(token, first.transId).expect(200)).body.results).toEqual({ status: 'EXPIRED' });
  });

  it('answers 422 when the provider refuses (another account has an open request for the same person)', async () => {
    const one = await saudiUser();
    const two = await saudiUser();
    await start(one.token, '1000000005').expect(200);
    const refused = await start(two.token, '1000000005').expect(422);
    expect(refused.body.results.fields[0].field).toBe('nationalId');
  });

  it('is not offered on the UAE site (403 SITE_MISMATCH), needs a signed-in user, checks the national ID', async () => {
    const { token } = await saudiUser('ae');
    const refused = await start(token, '1000000006', 'ae').expect(403);
    expect(refused.body.results).toEqual({ code: 'SITE_MISMATCH' });
    await http()
      .get('/v1/nafath/status')
      .query({ transId: randomUUID() })
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${token}`)
      .expect(403);
    await http()
      .post('/v1/nafath/request')
      .set('x-site', 'sa')
      .send({ nationalId: '1000000006' })
      .expect(401);
    const sa = await saudiUser();
    const invalid = await start(sa.token, '12345').expect(422);
    expect(invalid.body.results.fields[0].field).toBe('nationalId');
  });

  it("does not show another account's request", async () => {
    const one = await saudiUser();
    const two = await saudiUser();
    const { transId } = (await start(one.token, '1000000007').expect(200)).body.results;
    await status(two.token, transId).expect(404);
  });

  it('refuses a callback whose token is signed by another key, or names another request', async () => {
    const { account, token } = await saudiUser();
    const { transId } = (await start(token, '1000000008').expect(200)).body.results;
    const [row] = await ds.query(`SELECT request_id FROM nafath_requests WHERE trans_id = $1`, [transId]);
    // Same claims and even the sandbox's kid, but not the sandbox's key.
    const jwks = (await (await fetch(`${sandbox.url}/api/v1/mfa/jwk`, { headers: APP })).json()) as {
      keys: { kid: string }[];
    };
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    expect((await exportJWK(publicKey)).kty).toBe('RSA');
    const forged = await new SignJWT({
      status: 'COMPLETED',
      transId,
      requestId: row.request_id,
      nationalId: '1000000008',
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwks.keys[0].kid })
      .setSubject('1000000008')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    await http()
      .post('/v1/nafath/callback')
      .send({ token: forged, transId, requestId: row.request_id })
      .expect(401);
    const unknownKid = await new SignJWT({ status: 'COMPLETED', transId, nationalId: '1000000008' })
      .setProtectedHeader({ alg: 'RS256', kid: 'someone-else' })
      .setExpirationTime('5m')
      .sign(privateKey);
    await http().post('/v1/nafath/callback').send({ token: unknownKid, transId }).expect(401);
    await http().post('/v1/nafath/callback').send({ token: 'not-a-jwt', transId }).expect(401);

    // A genuine token of another request does not complete this one.
    const other = await saudiUser();
    const otherStarted = (await start(other.token, '1000000009').expect(200)).body.results;
    await sandboxAct(otherStarted.transId, 'approve');
    expect((await accounts.findById('sa', other.account.id))?.nafathVerifiedAt).toBeInstanceOf(Date);

    expect((await status(token, transId).expect(200)).body.results).toEqual({ status: 'WAITING' });
    expect((await accounts.findById('sa', account.id))?.nafathVerifiedAt).toBeNull();
  });

  it('reports its database and Redis ready', async () => {
    const ready = await http().get('/ready').expect(200);
    expect(ready.body.results).toEqual({ database: 'ok', redis: 'ok' });
  });
});
