import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { startHarness, PASSWORD, type Harness } from './harness.js';
import { buildDataSource, migrations } from '../src/data-source.js';
import { EmailVerified1733200000000 } from '../src/migrations/1733200000000-email-verified.js';

let h: Harness;
let seq = 0;
const nextMobile = () => `5${String(30000000 + ++seq)}`;

async function register(language: 'en' | 'ar', email: string) {
  const mobile = nextMobile();
  await h
    .http()
    .post('/v1/auth/register/customer')
    .set('x-site', 'ae')
    .set('language', language)
    .send({
      firstName: 'Mona',
      lastName: 'Saeed',
      email,
      countryCode: '+971',
      mobile,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    })
    .expect(201);
  return mobile;
}

/** Registered, mobile verified by its OTP, and signed in: the bearer token. */
async function signedIn(email: string, language: 'en' | 'ar' = 'en') {
  const mobile = await register(language, email);
  const otp = await h.lastCode(`+971${mobile}`);
  const verified = await h
    .http()
    .post('/v1/auth/otp/verify')
    .set('x-site', 'ae')
    .send({ countryCode: '+971', mobile, otp, purpose: 'signup' })
    .expect(200);
  return { mobile, auth: `Bearer ${verified.body.results.token as string}` };
}

const profile = (auth: string) =>
  h.http().get('/v1/profile').set('x-site', 'ae').set('authorization', auth).expect(200);
const verifyEmail = (auth: string, otp: string, language = 'en') =>
  h
    .http()
    .post('/v1/auth/email/verify')
    .set('x-site', 'ae')
    .set('language', language)
    .set('authorization', auth)
    .send({ otp });
const resendEmail = (auth: string) =>
  h.http().post('/v1/auth/email/otp').set('x-site', 'ae').set('authorization', auth);

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('identity.account.channels: what notifications may reach', () => {
  /** The payloads published for the account holding this mobile, oldest first. */
  const channels = async (mobile: string) =>
    (
      (await h.app.get(DataSource).query(
        `SELECT o."event"->'payload' AS p FROM "outbox" o
           JOIN "accounts" a ON a."id"::text = o."event"->'payload'->>'accountId'
         WHERE o."event"->>'type' = 'identity.account.channels' AND a."mobile" = $1 ORDER BY o."id"`,
        [mobile],
      )) as { p: { role: string; language: string; email: string | null; phone: string | null } }[]
    ).map((row) => row.p);

  it('names nothing unproved: the mobile after its OTP, the e-mail after its code, then the new language', async () => {
    const { auth, mobile } = await signedIn('Channels.Me@example.com', 'ar');
    expect(await channels(mobile)).toEqual([
      expect.objectContaining({ role: 'user', language: 'ar', email: null, phone: null }),
      expect.objectContaining({ language: 'ar', email: null, phone: `+971${mobile}` }),
    ]);
    const { code } = await h.lastEmail('channels.me@example.com');
    await verifyEmail(auth, code).expect(200);
    await h
      .http()
      .put('/v1/profile/language')
      .set('x-site', 'ae')
      .set('authorization', auth)
      .send({ language: 'en' })
      .expect(200);
    const [, , emailProved, english] = await channels(mobile);
    expect(emailProved).toMatchObject({
      language: 'ar',
      email: 'channels.me@example.com',
      phone: `+971${mobile}`,
    });
    expect(english).toMatchObject({
      language: 'en',
      email: 'channels.me@example.com',
      phone: `+971${mobile}`,
    });
  });
});

describe('e-mail verification', () => {
  it('sends a code to the e-mail at sign-up, in the account language, with a text and an HTML part', async () => {
    await register('ar', 'mona.ar@example.com');
    const email = await h.lastEmail('mona.ar@example.com');
    expect(email.subject).toBe('رمز التحقق من بريدك الإلكتروني في منزل');
    expect(email.text.startsWith(email.code)).toBe(true);
    expect(email.text).toContain('تنتهي صلاحيته');
    expect(email.html).toContain('dir="rtl"');
    expect(email.html).toContain(`>${email.code}<`);

    await register('en', 'mona.en@example.com');
    const english = await h.lastEmail('mona.en@example.com');
    expect(english.subject).toBe('Your Manzil e-mail verification code');
    expect(english.text).toContain('verify your e-mail address');
    expect(english.html).toContain('dir="ltr"');
  });

  it('does not hold up login: signed in with the e-mail unverified, then verified with its code', async () => {
    const { auth, mobile } = await signedIn('verify.me@example.com');
    // Login (mobile + password) works while the e-mail is unverified.
    await h
      .http()
      .post('/v1/auth/login/customer')
      .set('x-site', 'ae')
      .send({ countryCode: '+971', mobile, password: PASSWORD })
      .expect(200);
    expect((await profile(auth)).body.results).toMatchObject({
      email: 'verify.me@example.com',
      emailVerified: false,
      verified: true,
    });
    const { code } = await h.lastEmail('verify.me@example.com');
    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await verifyEmail(auth, wrong, 'ar').expect(422);
    expect(refused.body.results.code).toBe('OTP_INVALID');
    expect(refused.body.message).toBe('رمز التحقق غير صحيح.');

    const verified = await verifyEmail(auth, code).expect(200);
    expect(verified.body.results).toMatchObject({ email: 'verify.me@example.com', emailVerified: true });
    expect((await profile(auth)).body.results.emailVerified).toBe(true);
    // Used up.
    expect((await verifyEmail(auth, code).expect(422)).body.results.code).toBe('OTP_EXPIRED');
  });

  it('resends a new code on request (the old one stops working); nothing for a verified e-mail', async () => {
    const { auth } = await signedIn('resend.me@example.com');
    const first = await h.lastEmail('resend.me@example.com');
    const timing = await resendEmail(auth).expect(200);
    expect(timing.body.results).toEqual({ expiresInSeconds: 120, resendInSeconds: 0 });
    const second = await h.lastEmail('resend.me@example.com', first.id);
    if (second.code !== first.code) await verifyEmail(auth, first.code).expect(422);
    await verifyEmail(auth, second.code).expect(200);

    const count = await h.emailCount('resend.me@example.com');
    await resendEmail(auth).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await h.emailCount('resend.me@example.com')).toBe(count);
  });

  it('needs a signed-in account, and a malformed code is a field error', async () => {
    await h.http().post('/v1/auth/email/otp').set('x-site', 'ae').expect(401);
    await h.http().post('/v1/auth/email/verify').set('x-site', 'ae').send({ otp: '1234' }).expect(401);
    const { auth } = await signedIn('malformed@example.com');
    const response = await verifyEmail(auth, '12a').expect(422);
    expect(response.body.results.fields[0]).toMatchObject({ field: 'otp' });
  });

  it('changing the e-mail on the profile makes it unverified and sends a code to the new address', async () => {
    const { auth } = await signedIn('before.change@example.com');
    const old = await h.lastEmail('before.change@example.com');
    await verifyEmail(auth, old.code).expect(200);

    // Only the case changes: the same address stays verified, no e-mail.
    const sameAddress = await h
      .http()
      .put('/v1/profile')
      .set('x-site', 'ae')
      .set('authorization', auth)
      .send({ email: 'Before.Change@example.com' })
      .expect(200);
    expect(sameAddress.body.results.emailVerified).toBe(true);
    expect(await h.emailCount('Before.Change@example.com')).toBe(0);

    const changed = await h
      .http()
      .put('/v1/profile')
      .set('x-site', 'ae')
      .set('authorization', auth)
      .send({ email: 'after.change@example.com' })
      .expect(200);
    expect(changed.body.results).toMatchObject({ email: 'after.change@example.com', emailVerified: false });
    const fresh = await h.lastEmail('after.change@example.com');
    expect((await profile(auth)).body.results.emailVerified).toBe(false);
    await verifyEmail(auth, fresh.code).expect(200);
    expect((await profile(auth)).body.results.emailVerified).toBe(true);
  });

  it('rate-limits e-mail codes per account', async () => {
    const limited = await startHarness({ RATE_LIMIT_PER_MOBILE: 2 });
    try {
      const mobile = '577700001';
      await limited
        .http()
        .post('/v1/auth/register/customer')
        .set('x-site', 'ae')
        .send({
          firstName: 'Rate',
          lastName: 'Limit',
          email: 'rate@example.com',
          countryCode: '+971',
          mobile,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          termsAccepted: true,
        })
        .expect(201);
      const otp = await limited.lastCode(`+971${mobile}`);
      const verified = await limited
        .http()
        .post('/v1/auth/otp/verify')
        .set('x-site', 'ae')
        .send({ countryCode: '+971', mobile, otp, purpose: 'signup' })
        .expect(200);
      const auth = `Bearer ${verified.body.results.token as string}`;
      const resend = () =>
        limited.http().post('/v1/auth/email/otp').set('x-site', 'ae').set('authorization', auth);
      await resend().expect(200);
      await resend().expect(200);
      expect((await resend().expect(429)).body.results.code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('migration', () => {
  it('adds email_verified and takes it away again (up/down)', async () => {
    const ds = buildDataSource(h.db.url);
    await ds.initialize();
    try {
      const has = async () =>
        (
          await ds.query(
            `SELECT 1 FROM information_schema.columns WHERE table_name = 'accounts' AND column_name = 'email_verified'`,
          )
        ).length === 1;
      expect(await has()).toBe(true);
      // The migrations after it go down first.
      const later = migrations.length - 1 - migrations.indexOf(EmailVerified1733200000000);
      for (let i = 0; i < later; i++) await ds.undoLastMigration();
      expect(await has()).toBe(true);
      await ds.undoLastMigration();
      expect(await has()).toBe(false);
      await ds.runMigrations();
      expect(await has()).toBe(true);
    } finally {
      await ds.destroy();
    }
  });
});
