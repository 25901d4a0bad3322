import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { startHarness, PASSWORD, PNG, type Harness } from './harness.js';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus';
import { expectEventually, waitForEvent } from '@manzil/testing';
import { subscriptionActivatedV1, TOPICS } from '@manzil/contracts';

let h: Harness;
let mobileSeq = 0;
const nextMobile = () => `5${String(20000000 + ++mobileSeq)}`;

async function upload(site = 'ae'): Promise<string> {
  const response = await h
    .http()
    .post('/v1/uploads')
    .set('x-site', site)
    .attach('file', PNG, 'a.png')
    .expect(201);
  return response.body.results.id as string;
}

function registerCustomer(site: 'ae' | 'sa', mobile: string, language = 'en') {
  return h
    .http()
    .post('/v1/auth/register/customer')
    .set('x-site', site)
    .set('language', language)
    .send({
      firstName: 'Layla',
      lastName: 'Haddad',
      email: `${mobile.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))}@example.com`,
      countryCode: site === 'ae' ? '+971' : '+966',
      mobile,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    });
}

/** Registers and verifies: a customer who can log in. */
async function verifiedCustomer(site: 'ae' | 'sa' = 'ae') {
  const mobile = nextMobile();
  const countryCode = site === 'ae' ? '+971' : '+966';
  await registerCustomer(site, mobile).expect(201);
  const otp = await h.lastCode(`${countryCode}${mobile}`);
  const verified = await h
    .http()
    .post('/v1/auth/otp/verify')
    .set('x-site', site)
    .send({ countryCode, mobile, otp, purpose: 'signup' })
    .expect(200);
  return { mobile, countryCode, tokens: verified.body.results as { token: string; refresh_token: string } };
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('registration', () => {
  it('registers a customer, sends the OTP in the account language, and publishes identity.account.registered', async () => {
    const mobile = nextMobile();
    const response = await registerCustomer('ae', mobile, 'ar').expect(201);
    expect(response.body.results).toEqual({
      verified: false,
      countryCode: '+971',
      mobile,
      purpose: 'signup',
    });
    const code = await h.lastCode(`+971${mobile}`);
    expect(code).toMatch(/^\d{4}$/);
    expect(h.sink.messages.at(-1)?.body).toContain('رمز التحقق');
    const event = await waitForEvent(
      h.config.REDIS_URL,
      h.namespace,
      TOPICS.identityAccount,
      (e) => e.type === 'identity.account.registered',
    );
    expect(event.payload).toMatchObject({ role: 'user', companyId: null, language: 'ar' });
  });

  it('names every invalid field in Arabic', async () => {
    const response = await h
      .http()
      .post('/v1/auth/register/customer')
      .set('language', 'ar')
      .send({
        firstName: 'L',
        email: 'nope',
        countryCode: '+971',
        mobile: '12',
        password: 'weak',
        confirmPassword: 'other',
      })
      .expect(422);
    const fields = Object.fromEntries(
      (response.body.results.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(fields.firstName).toBe('يجب أن يتكون الاسم من 2 إلى 50 حرفًا.');
    expect(fields.email).toBe('يرجى إدخال بريد إلكتروني صحيح.');
    expect(fields.mobile).toBe('يجب أن يتكون رقم الجوال من 8 إلى 12 رقمًا.');
    expect(fields.password).toBe(
      'يجب أن تحتوي كلمة المرور على حرف لاتيني كبير وحرف لاتيني صغير ورقم ورمز خاص، وألا تقل عن 8 أحرف.',
    );
    expect(fields.termsAccepted).toBe('يرجى الموافقة على الشروط والأحكام قبل الإرسال');
  });

  it('accepts Arabic-Indic digits in the mobile and refuses a duplicate mobile or email with 422', async () => {
    const response = await registerCustomer('ae', '٥٠١٢٣٤٥٦٧').expect(201);
    expect(response.body.results.mobile).toBe('501234567');
    const again = await registerCustomer('ae', '501234567').expect(422);
    expect(again.body.results.code).toBe('DUPLICATE_ACCOUNT');
    expect(again.body.results.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'email',
      'mobile',
    ]);
    // The same number is free on the other site: accounts are per site.
    await registerCustomer('sa', '501234567').expect(201);
  });

  it('registers a company (logo upload) and an agent under it, and a freelancer agent', async () => {
    const companyMobile = nextMobile();
    await h
      .http()
      .post('/v1/auth/register/company')
      .set('x-site', 'sa')
      .send({
        name: 'Riyadh Keys',
        orn: '12345',
        authorizedPerson: 'Omar Farsi',
        headOffice: 'Olaya, Riyadh',
        email: 'keys@example.com',
        countryCode: '+966',
        mobile: companyMobile,
        logoId: await upload('sa'),
        latitude: 24.7,
        longitude: 46.6,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsAccepted: true,
      })
      .expect(201);
    const otp = await h.lastCode(`+966${companyMobile}`);
    await h
      .http()
      .post('/v1/auth/otp/verify')
      .set('x-site', 'sa')
      .send({ countryCode: '+966', mobile: companyMobile, otp, purpose: 'signup' })
      .expect(200);
    const companies = await h.http().get('/v1/companies').set('x-site', 'sa').expect(200);
    const company = companies.body.results.items.find((c: { name: string }) => c.name === 'Riyadh Keys');
    expect(company.logo).toMatch(/^\/api\/identity\/v1\/uploads\//);

    const agent = (extra: object) =>
      h
        .http()
        .post('/v1/auth/register/agent')
        .set('x-site', 'sa')
        .send({
          firstName: 'Sara',
          lastName: 'Nasser',
          email: `${nextMobile()}@example.com`,
          countryCode: '+966',
          mobile: nextMobile(),
          brn: '4000',
          password: PASSWORD,
          confirmPassword: PASSWORD,
          termsAccepted: true,
          ...extra,
        });
    const missing = await agent({ pictureId: 'x' }).set('language', 'ar').expect(422);
    expect(missing.body.results.fields).toEqual([{ field: 'companyId', message: 'يرجى اختيار الشركة.' }]);
    // The new company has no subscription yet: an agent cannot take one of its places.
    const noPlace = await agent({ pictureId: await upload('sa'), companyId: company.id }).expect(422);
    expect(noPlace.body.results.fields[0].field).toBe('companyId');
    // Once payments announces a plan with agent places (through the bus), the agent can.
    await h.app.get(DataSource).transaction((manager) =>
      enqueue(
        manager,
        TOPICS.paymentsSubscription,
        newEvent(subscriptionActivatedV1, 'sa', randomUUID(), {
          subscriptionId: randomUUID(),
          accountId: company.id,
          plan: 'Basic',
          propertyQuota: 5,
          agentQuota: 2,
          startsAt: new Date(Date.now() - 1000).toISOString(),
          endsAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      ),
    );
    await expectEventually(async () => {
      await agent({ pictureId: await upload('sa'), companyId: company.id }).expect(201);
    });
    await agent({ pictureId: await upload('sa'), freelancer: true }).expect(201);
    // A picture id that is not an upload of this site is refused.
    const foreign = await agent({ pictureId: await upload('ae'), freelancer: true }).expect(422);
    expect(foreign.body.results.fields[0].field).toBe('pictureId');
  });
});

describe('login', () => {
  it('signs in after OTP verification with the outcome fields and the session claims', async () => {
    const { mobile, tokens } = await verifiedCustomer();
    const claims = decodeJwt(tokens.token);
    expect(claims).toMatchObject({ role: 'user', site: 'ae', name: 'Layla Haddad' });
    const response = await h
      .http()
      .post('/v1/auth/login/customer')
      .send({ countryCode: '+971', mobile, password: PASSWORD })
      .expect(200);
    expect(Object.keys(response.body.results).sort()).toEqual([
      'is_nafath_verified',
      'refresh_token',
      'token',
      'verified',
    ]);
    expect(response.body.results).toMatchObject({ is_nafath_verified: false, verified: true });
    const profile = await h
      .http()
      .get('/v1/profile')
      .set('authorization', `Bearer ${response.body.results.token}`)
      .expect(200);
    expect(profile.body.results).toMatchObject({
      mobile,
      role: 'user',
      verified: true,
      isNafathVerified: false,
    });
  });

  it('answers an unverified mobile with 403, the data for /otpVerify and a fresh OTP', async () => {
    const mobile = nextMobile();
    await registerCustomer('ae', mobile).expect(201);
    const before = h.sink.messages.at(-1)?.id;
    const response = await h
      .http()
      .post('/v1/auth/login/customer')
      .send({ countryCode: '+971', mobile, password: PASSWORD })
      .expect(403);
    expect(response.body).toMatchObject({
      status: 403,
      success: false,
      results: { verified: false, countryCode: '+971', mobile, purpose: 'signup' },
    });
    await h.lastCode(`+971${mobile}`, String(before));
  });

  it('gives a wrong password, an unknown mobile and the wrong login page the same answer', async () => {
    const { mobile } = await verifiedCustomer();
    const wrong = await h
      .http()
      .post('/v1/auth/login/customer')
      .set('language', 'ar')
      .send({ countryCode: '+971', mobile, password: 'Wrong@2026' });
    const unknown = await h
      .http()
      .post('/v1/auth/login/customer')
      .set('language', 'ar')
      .send({ countryCode: '+971', mobile: '599999999', password: 'Wrong@2026' });
    const otherKind = await h
      .http()
      .post('/v1/auth/login/agent')
      .set('language', 'ar')
      .send({ countryCode: '+971', mobile, password: PASSWORD });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(otherKind.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('رقم الجوال أو كلمة المرور غير صحيحة.');
  });

  it('takes about as long for an unknown mobile as for a wrong password', async () => {
    const { mobile } = await verifiedCustomer();
    const time = async (m: string) => {
      const started = performance.now();
      await h
        .http()
        .post('/v1/auth/login/customer')
        .send({ countryCode: '+971', mobile: m, password: 'Wrong@2026' });
      return performance.now() - started;
    };
    await time(mobile);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(mobile));
      unknown.push(await time(`58${String(1000000 + i)}`));
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    // Both verify an argon2id hash: an unknown number must not come back in a fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('does not know a UAE account on the Saudi site', async () => {
    const { mobile } = await verifiedCustomer('ae');
    const response = await h
      .http()
      .post('/v1/auth/login/customer')
      .set('x-site', 'sa')
      .send({ countryCode: '+971', mobile, password: PASSWORD })
      .expect(422);
    expect(response.body.results.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('tokens', () => {
  it('rotates the refresh token; replaying a used one revokes the family', async () => {
    const { tokens } = await verifiedCustomer();
    const first = await h
      .http()
      .post('/v1/auth/refresh')
      .send({ refresh_token: tokens.refresh_token })
      .expect(200);
    const next = first.body.results.refresh_token as string;
    expect(next).not.toBe(tokens.refresh_token);
    await h.http().post('/v1/auth/refresh').send({ refresh_token: tokens.refresh_token }).expect(401);
    // The replay ended the family: the newest token of it is refused too.
    await h.http().post('/v1/auth/refresh').send({ refresh_token: next }).expect(401);
  });

  it('logout revokes the session; a refresh token of the other site is refused', async () => {
    const { tokens } = await verifiedCustomer();
    await h
      .http()
      .post('/v1/auth/refresh')
      .set('x-site', 'sa')
      .send({ refresh_token: tokens.refresh_token })
      .expect(401);
    await h.http().post('/v1/auth/logout').send({ refresh_token: tokens.refresh_token }).expect(200);
    await h.http().post('/v1/auth/refresh').send({ refresh_token: tokens.refresh_token }).expect(401);
  });
});

describe('OTP', () => {
  it('locks after 5 wrong codes until it expires', async () => {
    const mobile = nextMobile();
    await registerCustomer('ae', mobile).expect(201);
    const otp = await h.lastCode(`+971${mobile}`);
    const wrong = otp === '0000' ? '1111' : '0000';
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await h
        .http()
        .post('/v1/auth/otp/verify')
        .send({ countryCode: '+971', mobile, otp: wrong, purpose: 'signup' })
        .expect(422);
      codes.push(response.body.results.code);
    }
    expect(codes).toEqual(['OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_INVALID', 'OTP_LOCKED']);
    const right = await h
      .http()
      .post('/v1/auth/otp/verify')
      .send({ countryCode: '+971', mobile, otp, purpose: 'signup' })
      .expect(422);
    expect(right.body.results.code).toBe('OTP_LOCKED');
  });

  it('answers resend and forgot-password the same for an unknown number, and sends nothing to it', async () => {
    const { mobile } = await verifiedCustomer();
    const known = await h
      .http()
      .post('/v1/auth/forgot-password')
      .send({ countryCode: '+971', mobile })
      .expect(200);
    const unknown = await h
      .http()
      .post('/v1/auth/forgot-password')
      .send({ countryCode: '+971', mobile: '577777777' })
      .expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.results).toEqual({ expiresInSeconds: 120, resendInSeconds: 0 });
    expect(await h.smsCount('+971577777777')).toBe(0);
  });

  it('forgot → OTP → reset token → new password; the old sessions end', async () => {
    const { mobile, tokens } = await verifiedCustomer();
    await h
      .http()
      .post('/v1/auth/forgot-password')
      .send({ countryCode: '+971', mobile: `٥${mobile.slice(1)}` })
      .expect(200);
    const otp = await h.lastCode(`+971${mobile}`);
    const verified = await h
      .http()
      .post('/v1/auth/otp/verify')
      .send({ countryCode: '+971', mobile, otp, purpose: 'reset' })
      .expect(200);
    const resetToken = verified.body.results.resetToken as string;
    const mismatch = await h
      .http()
      .post('/v1/auth/reset-password')
      .send({ resetToken, password: 'Newpass@1', confirmPassword: 'Newpass@2' })
      .expect(422);
    expect(mismatch.body.results.fields[0]).toMatchObject({
      field: 'confirmPassword',
      message: 'Password and confirm password does not match.',
    });
    await h
      .http()
      .post('/v1/auth/reset-password')
      .send({ resetToken, password: 'Newpass@1', confirmPassword: 'Newpass@1' })
      .expect(200);
    await h
      .http()
      .post('/v1/auth/reset-password')
      .send({ resetToken, password: 'Newpass@1', confirmPassword: 'Newpass@1' })
      .expect(422);
    await h
      .http()
      .post('/v1/auth/login/customer')
      .send({ countryCode: '+971', mobile, password: 'Newpass@1' })
      .expect(200);
    await h
      .http()
      .post('/v1/auth/login/customer')
      .send({ countryCode: '+971', mobile, password: PASSWORD })
      .expect(422);
    await h.http().post('/v1/auth/refresh').send({ refresh_token: tokens.refresh_token }).expect(401);
  });
});

describe('OTP expiry, cooldown and rate limits (own app: short TTL, real cooldown, low limits)', () => {
  let strict: Harness;
  beforeAll(async () => {
    strict = await startHarness({
      OTP_SECONDS: 1,
      OTP_RESEND_COOLDOWN_SECONDS: 30,
      RATE_LIMIT_PER_MOBILE: 5,
      RATE_LIMIT_PER_IP: 30,
    });
  });
  afterAll(async () => {
    await strict?.close();
  });
  const register = (mobile: string) =>
    strict
      .http()
      .post('/v1/auth/register/customer')
      .set('x-forwarded-for', '203.0.113.1')
      .send({
        firstName: 'Layla',
        lastName: 'Haddad',
        email: `${mobile}@example.com`,
        countryCode: '+971',
        mobile,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsAccepted: true,
      });

  it('expires the OTP with the spec message', async () => {
    const mobile = nextMobile();
    await register(mobile).expect(201);
    const otp = await strict.lastCode(`+971${mobile}`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const response = await strict
      .http()
      .post('/v1/auth/otp/verify')
      .send({ countryCode: '+971', mobile, otp, purpose: 'signup' })
      .expect(422);
    expect(response.body.message).toBe('The OTP has expired. Please request a new one.');
  });

  it('refuses a resend during the cooldown, for known and unknown numbers alike', async () => {
    const mobile = nextMobile();
    await register(mobile).expect(201);
    const known = await strict
      .http()
      .post('/v1/auth/otp/resend')
      .send({ countryCode: '+971', mobile, purpose: 'signup' })
      .expect(429);
    expect(known.body.results.code).toBe('OTP_COOLDOWN');
    await strict
      .http()
      .post('/v1/auth/otp/resend')
      .send({ countryCode: '+971', mobile: '566666666', purpose: 'signup' })
      .expect(200);
    const unknown = await strict
      .http()
      .post('/v1/auth/otp/resend')
      .send({ countryCode: '+971', mobile: '566666666', purpose: 'signup' })
      .expect(429);
    expect(unknown.body).toEqual(known.body);
  });

  it('limits login per mobile and per IP with 429', async () => {
    const mobile = nextMobile();
    const attempt = (ip: string, m = mobile) =>
      strict
        .http()
        .post('/v1/auth/login/customer')
        .set('x-forwarded-for', ip)
        .send({ countryCode: '+971', mobile: m, password: 'Wrong@2026' });
    for (let i = 0; i < 5; i++) expect((await attempt(`198.51.100.${i}`)).status).toBe(422);
    const limited = await attempt('198.51.100.99');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, success: false, results: { code: 'RATE_LIMITED' } });
    // Per IP: 30 a minute from one address, whatever the numbers.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await attempt('192.0.2.7', `57${String(1000000 + i)}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits forgot-password per mobile', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (
          await strict
            .http()
            .post('/v1/auth/forgot-password')
            .set('x-forwarded-for', `10.9.0.${i}`)
            .send({ countryCode: '+971', mobile: '565656565' })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
