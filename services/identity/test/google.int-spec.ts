import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type DynamicModule, type INestApplication, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import request from 'supertest';
import { createDataSource, dataSourceOptions } from '@manzil/db';
import { BusModule, ManzilKitModule } from '@manzil/nest-kit';
import {
  createTestApp,
  createTestDatabase,
  testKeys,
  testNamespace,
  testRedisUrl,
  type TestDatabase,
  startSandbox,
  type SandboxProcess,
} from '@manzil/testing';
import { GOOGLE_SIGNUP_CUSTOMERS_ONLY } from '@manzil/contracts';
import { AccountsModule, AccountsService } from '../src/accounts/index.js';
import { envSchema } from '../src/config.js';
import { CoreModule } from '../src/core.module.js';
import { entities, migrations } from '../src/data-source.js';
import { GoogleModule } from '../src/google/index.js';
import { identityAuth, signingKeys, TokensModule } from '../src/tokens/index.js';

const CLIENT_ID = 'identity-test.apps.googleusercontent.com';

describe('identity: Google sign-in against the sandbox issuer', () => {
  let db: TestDatabase;
  let sandbox: SandboxProcess;
  let app: INestApplication;
  let accounts: AccountsService;

  beforeAll(async () => {
    db = await createTestDatabase('identity_google');
    const migrator = createDataSource({ url: db.url, entities, migrations });
    await migrator.initialize();
    await migrator.runMigrations();
    await migrator.destroy();
    sandbox = await startSandbox({ GOOGLE_CLIENT_IDS: `${CLIENT_ID},another-client` });
    const config = envSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      BUS_NAMESPACE: testNamespace('identity-google'),
      JWT_PRIVATE_KEY: testKeys.privateKey,
      SMS_URL: `${sandbox.url}/v1/sms`,
      EMAIL_URL: `${sandbox.url}/v1/email`,
    });
    const keys = signingKeys(config);

    @Module({})
    class GoogleTestModule {
      static forRoot(): DynamicModule {
        return {
          module: GoogleTestModule,
          imports: [
            ManzilKitModule.forRoot({
              service: 'identity',
              auth: identityAuth(config, keys),
              redisUrl: config.REDIS_URL,
            }),
            TypeOrmModule.forRoot(dataSourceOptions({ url: db.url, entities, migrations })),
            BusModule.forRoot({
              clientId: 'identity',
              redisUrl: config.REDIS_URL,
              namespace: config.BUS_NAMESPACE,
              relay: true,
            }),
            CoreModule.forRoot(config),
            AccountsModule,
            TokensModule.forRoot(keys),
            GoogleModule.forRoot({
              NODE_ENV: 'test',
              GOOGLE_ISSUER: sandbox.url,
              GOOGLE_CLIENT_ID: CLIENT_ID,
            }),
          ],
        };
      }
    }
    app = await createTestApp(GoogleTestModule.forRoot());
    accounts = app.get(AccountsService);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    await db?.drop();
  });

  async function idToken(claims: Record<string, unknown>): Promise<string> {
    const response = await fetch(`${sandbox.url}/sandbox/google/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ aud: CLIENT_ID, ...claims }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: { id_token: string } }).results.id_token;
  }

  const signIn = (token: string, site = 'sa', role?: string, nonce?: string) =>
    request(app.getHttpServer())
      .post('/v1/auth/google')
      .set('x-site', site)
      .send({ idToken: token, ...(role ? { role } : {}), ...(nonce ? { nonce } : {}) });

  it("tells the browser where to sign in: the issuer's authorization endpoint and our client id", async () => {
    const response = await request(app.getHttpServer())
      .get('/v1/auth/google/config')
      .set('x-site', 'ae')
      .expect(200);
    expect(response.body.results).toEqual({
      authorizationEndpoint: `${sandbox.url}/o/oauth2/v2/auth`,
      clientId: CLIENT_ID,
    });
  });

  it('checks the nonce when the browser sends one (a token of another sign-in is refused)', async () => {
    const token = await idToken({ email: 'nonce@example.com', nonce: 'n-1' });
    await signIn(token, 'sa', undefined, 'n-2').expect(401);
    await signIn(await idToken({ email: 'nonce@example.com' }), 'sa', undefined, 'n-1').expect(401);
    expect(await accounts.findByEmail('sa', 'nonce@example.com')).toBeNull();
    await signIn(token, 'sa', undefined, 'n-1').expect(200);
  });

  it('signs up with a valid ID token (login results), and a second sign-in finds the same account', async () => {
    const token = await idToken({
      email: 'Layla.Google@Example.com',
      name: 'Layla Hassan',
      picture: 'https://example.com/layla.png',
    });
    const first = await signIn(token).expect(200);
    expect(first.body.results).toEqual(
      expect.objectContaining({
        token: expect.any(String),
        refresh_token: expect.any(String),
        is_nafath_verified: false,
        verified: true,
      }),
    );
    const account = await accounts.findByEmail('sa', 'layla.google@example.com');
    expect(account).toMatchObject({
      site: 'sa',
      role: 'user',
      email: 'layla.google@example.com',
      firstName: 'Layla',
      lastName: 'Hassan',
    });
    expect(decodeJwt(first.body.results.token)).toMatchObject({ sub: account!.id, site: 'sa', role: 'user' });

    const again = await signIn(await idToken({ email: 'layla.google@example.com', name: 'Layla H' })).expect(
      200,
    );
    expect(decodeJwt(again.body.results.token).sub).toBe(account!.id);
  });

  it('keeps the sites apart: the same Google e-mail is another account on the UAE site', async () => {
    const token = await idToken({ email: 'two.sites@example.com', name: 'Two Sites' });
    const sa = await signIn(token, 'sa').expect(200);
    const ae = await signIn(token, 'ae').expect(200);
    const saClaims = decodeJwt(sa.body.results.token);
    const aeClaims = decodeJwt(ae.body.results.token);
    expect(aeClaims.sub).not.toBe(saClaims.sub);
    expect(aeClaims).toMatchObject({ site: 'ae', role: 'user' });
  });

  it('marks the e-mail of a Google sign-up verified (Google proved it)', async () => {
    await signIn(await idToken({ email: 'proved@example.com', name: 'Proved Mail' }), 'ae').expect(200);
    expect(await accounts.findByEmail('ae', 'proved@example.com')).toMatchObject({
      emailVerified: true,
      verified: true,
    });
  });

  it('signs up customers only: a new account as agent or company is refused with a clear message (en, ar)', async () => {
    const token = await idToken({ email: 'would.be.agent@example.com', name: 'Would Be' });
    const asAgent = await signIn(token, 'ae', 'agent').set('language', 'en').expect(422);
    expect(asAgent.body).toMatchObject({
      success: false,
      results: { code: 'FORBIDDEN', fields: [{ field: 'role', message: GOOGLE_SIGNUP_CUSTOMERS_ONLY.en }] },
    });
    const asCompany = await signIn(token, 'sa', 'company').set('language', 'ar').expect(422);
    expect(asCompany.body.results.fields).toEqual([
      { field: 'role', message: GOOGLE_SIGNUP_CUSTOMERS_ONLY.ar },
    ]);
    expect(GOOGLE_SIGNUP_CUSTOMERS_ONLY.ar).toMatch(/[\u0600-\u06FF]/);
    expect(await accounts.findByEmail('ae', 'would.be.agent@example.com')).toBeNull();
    expect(await accounts.findByEmail('sa', 'would.be.agent@example.com')).toBeNull();
    // As a customer, the same Google identity signs up.
    const customer = await signIn(token, 'ae', 'user').expect(200);
    expect(decodeJwt(customer.body.results.token)).toMatchObject({ role: 'user' });
  });

  it('lets existing agent and company accounts whose e-mail is proved sign in with Google', async () => {
    const agent = await accounts.create({
      site: 'ae',
      role: 'agent',
      name: 'Existing Agent',
      firstName: 'Existing',
      lastName: 'Agent',
      email: 'existing.agent@example.com',
      countryCode: '+971',
      mobile: '588800001',
      verified: true,
      emailVerified: true,
      freelancer: true,
    });
    const company = await accounts.create({
      site: 'ae',
      role: 'company',
      name: 'Existing Realty',
      email: 'existing.company@example.com',
      countryCode: '+971',
      mobile: '588800002',
      verified: true,
      emailVerified: true,
    });
    const asAgent = await signIn(
      await idToken({ email: 'existing.agent@example.com' }),
      'ae',
      'agent',
    ).expect(200);
    expect(decodeJwt(asAgent.body.results.token)).toMatchObject({ sub: agent.id, role: 'agent' });
    const asCompany = await signIn(
      await idToken({ email: 'existing.company@example.com' }),
      'ae',
      'company',
    ).expect(200);
    expect(decodeJwt(asCompany.body.results.token)).toMatchObject({ sub: company.id, role: 'company' });
  });

  it('never signs in to an account whose e-mail was typed but not proved: the owner must prove the account', async () => {
    const squatter = await accounts.create({
      site: 'ae',
      role: 'user',
      name: 'Someone Else',
      email: 'typed.not.proved@example.com',
      countryCode: '+971',
      mobile: '588800003',
      verified: true,
    });
    const response = await signIn(await idToken({ email: 'typed.not.proved@example.com' }), 'ae').expect(202);
    expect(response.body.results).toMatchObject({ linkRequired: true, separate: true });
    expect(response.body.results.token).toBeUndefined();
    expect(await accounts.findById('ae', squatter.id)).toMatchObject({ googleSubject: null });
  });

  it('refuses a token for another client (aud)', async () => {
    const response = await signIn(await idToken({ email: 'aud@example.com', aud: 'another-client' }))
      .set('language', 'ar')
      .expect(401);
    expect(response.body).toMatchObject({
      success: false,
      results: { code: 'UNAUTHORIZED' },
      message: 'يرجى تسجيل الدخول للمتابعة.',
    });
  });

  it('refuses a token of another issuer (iss)', async () => {
    await signIn(await idToken({ email: 'iss@example.com', iss: 'https://evil.example' })).expect(401);
    await signIn(await idToken({ email: 'iss@example.com', iss: 'https://accounts.google.com' })).expect(401);
  });

  it('refuses an expired token (exp)', async () => {
    await signIn(await idToken({ email: 'exp@example.com', expiresInSeconds: -300 })).expect(401);
  });

  it('refuses a token whose e-mail Google has not verified', async () => {
    await signIn(await idToken({ email: 'unverified@example.com', emailVerified: false })).expect(401);
    expect(await accounts.findByEmail('sa', 'unverified@example.com')).toBeNull();
  });

  it('refuses a token signed by another key, and garbage', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'forged@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(sandbox.url)
      .setAudience(CLIENT_ID)
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    await signIn(forged).expect(401);
    await signIn('not-a-token').expect(401);
    await request(app.getHttpServer()).post('/v1/auth/google').set('x-site', 'sa').send({}).expect(422);
    expect(await accounts.findByEmail('sa', 'forged@example.com')).toBeNull();
  });

  it('accepts the token of the consent page flow (code → /token → id_token)', async () => {
    const consent = await fetch(`${sandbox.url}/o/oauth2/v2/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: CLIENT_ID,
        redirect_uri: 'http://sa.localhost:3000/login',
        response_type: 'code',
        email: 'consent@example.com',
        name: 'Consent Person',
        email_verified: 'on',
      }),
    });
    expect(consent.status).toBe(302);
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const tokens = await fetch(`${sandbox.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: CLIENT_ID,
        redirect_uri: 'http://sa.localhost:3000/login',
      }),
    });
    const { id_token: token } = (await tokens.json()) as { id_token: string };
    await signIn(token).expect(200);
    expect(await accounts.findByEmail('sa', 'consent@example.com')).toMatchObject({
      firstName: 'Consent',
      lastName: 'Person',
    });
  });
});
