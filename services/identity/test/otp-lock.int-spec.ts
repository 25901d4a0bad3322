import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Counter, register } from 'prom-client';
import { ERROR_MESSAGES, IDENTITY_LIMITS, otpLockedForMessage } from '@manzil/contracts';
import { PASSWORD, startHarness, type Harness } from './harness.js';

let h: Harness;
let mobileSeq = 0;
const nextMobile = () => `5${String(40000000 + ++mobileSeq)}`;

beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(async () => {
  await h?.close();
});

const post = (path: string, body: object, language = 'en') =>
  h.http().post(path).set('x-site', 'ae').set('language', language).send(body);

/** A customer with a proved mobile: one that may ask for login and reset codes. */
async function verifiedCustomer(): Promise<string> {
  const mobile = nextMobile();
  await post('/v1/auth/register/customer', {
    firstName: 'Omar',
    lastName: 'Saleh',
    email: `${mobile}@example.com`,
    countryCode: '+971',
    mobile,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
  }).expect(201);
  const otp = await h.lastCode(`+971${mobile}`);
  await post('/v1/auth/otp/verify', { countryCode: '+971', mobile, otp, purpose: 'signup' }).expect(200);
  return mobile;
}

/** A fresh code of this purpose, read from the SMS sink. */
async function freshCode(mobile: string, purpose: 'login' | 'reset'): Promise<string> {
  const before = h.sink.messages.filter((m) => m.to === `+971${mobile}`).at(-1)?.id;
  await post('/v1/auth/otp/resend', { countryCode: '+971', mobile, purpose }).expect(200);
  return h.lastCode(`+971${mobile}`, before === undefined ? undefined : String(before));
}

const wrong = (code: string, n: number) => String((Number(code) + 1 + n) % 10_000).padStart(4, '0');

const verify = (mobile: string, otp: string, purpose: 'login' | 'reset', language = 'en') =>
  post('/v1/auth/otp/verify', { countryCode: '+971', mobile, otp, purpose }, language);

/** The value of manzil_otp_locks_total{purpose} in prom-client's default registry. */
async function locksCounted(purpose: string): Promise<number> {
  const metric = register.getSingleMetric('manzil_otp_locks_total') as Counter | undefined;
  const values = (await metric?.get())?.values ?? [];
  return values.find((value) => value.labels.purpose === purpose)?.value ?? 0;
}

describe('OTP guessing over many fresh codes', () => {
  it('locks a mobile and purpose for a day after 10 wrong codes, refuses even the right code, and leaves other purposes and mobiles alone', async () => {
    const target = await verifiedCustomer();
    const other = await verifiedCustomer();
    const locksBefore = await locksCounted('login');
    expect(IDENTITY_LIMITS.otpDailyMaxFailures).toBe(10);

    // Fresh codes every few guesses, never reaching the 5-try lock of one code: 4 + 4 + 1 wrong.
    for (const guesses of [4, 4]) {
      const code = await freshCode(target, 'login');
      for (let n = 0; n < guesses; n++) {
        const answer = await verify(target, wrong(code, n), 'login').expect(422);
        expect(answer.body.results.code).toBe('OTP_INVALID');
      }
    }
    const last = await freshCode(target, 'login');
    await verify(target, wrong(last, 0), 'login').expect(422);

    // The tenth wrong code in the day locks the pair, whatever code is current.
    const locking = await verify(target, wrong(last, 1), 'login', 'ar').expect(422);
    expect(locking.body).toMatchObject({
      success: false,
      message: ERROR_MESSAGES.OTP_LOCKED_DAY.ar,
      results: {
        code: 'OTP_LOCKED_DAY',
        fields: [{ field: 'otp', message: otpLockedForMessage(24 * 3600, 'ar') }],
      },
    });
    expect(await locksCounted('login')).toBe(locksBefore + 1);

    // The right code of the last fresh one (only 2 wrong tries on it) is refused while locked.
    const right = await verify(target, last, 'login').expect(422);
    expect(right.body.results.code).toBe('OTP_LOCKED_DAY');
    expect(right.body.results.fields[0].message).toMatch(/^Try again in (24|23) hours\.$/);

    // No new code is sent while locked: asking for one says why.
    const sent = h.sink.messages.length;
    const resend = await post('/v1/auth/otp/resend', {
      countryCode: '+971',
      mobile: target,
      purpose: 'login',
    }).expect(429);
    expect(resend.body.results.code).toBe('OTP_LOCKED_DAY');
    expect(resend.body.message).toBe(ERROR_MESSAGES.OTP_LOCKED_DAY.en);
    expect(h.sink.messages.length).toBe(sent);

    // Another purpose of the same mobile still works (a reset code).
    const reset = await freshCode(target, 'reset');
    const resetAnswer = await verify(target, reset, 'reset').expect(200);
    expect(resetAnswer.body.results.resetToken).toEqual(expect.any(String));

    // Another mobile, same purpose, still works.
    const otherCode = await freshCode(other, 'login');
    const otherAnswer = await verify(other, otherCode, 'login').expect(200);
    expect(otherAnswer.body.results.token).toEqual(expect.any(String));
    expect(await locksCounted('login')).toBe(locksBefore + 1);
  });
});
