import { startSandbox, type SandboxProcess } from '@manzil/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { DataSource } from 'typeorm';
import { ERROR_MESSAGES, GOOGLE_LINK_REQUIRED_MESSAGE } from '@manzil/contracts';
import { Account } from '../src/accounts/account.entity.js';
import { PASSWORD, startHarness, type Harness } from './harness.js';

const CLIENT_ID = 'identity-link-test.apps.googleusercontent.com';

let h: Harness;
let sandbox: SandboxProcess;
let mobileSeq = 0;
const nextMobile = () => `5${String(30000000 + ++mobileSeq)}`;

beforeAll(async () => {
  sandbox = await startSandbox({ GOOGLE_CLIENT_IDS: CLIENT_ID });
  h = await startHarness({ GOOGLE_ISSUER: sandbox.url, GOOGLE_CLIENT_ID: CLIENT_ID });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await sandbox?.stop();
});

async function idToken(email: string, name = 'Google Person'): Promise<string> {
  const response = await fetch(`${sandbox.url}/sandbox/google/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ aud: CLIENT_ID, email, name }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { id_token: string } }).results.id_token;
}

const google = (token: string, language = 'en') =>
  h.http().post('/v1/auth/google').set('x-site', 'ae').set('language', language).send({ idToken: token });

const post = (path: string, body: object, language = 'en') =>
  h.http().post(path).set('x-site', 'ae').set('language', language).send(body);

/** Registers a customer with this e-mail and proves the mobile (not the e-mail), as anyone can. */
async function registerWithEmail(email: string, password = PASSWORD) {
  const mobile = nextMobile();
  await post('/v1/auth/register/customer', {
    firstName: 'Someone',
    lastName: 'Else',
    email,
    countryCode: '+971',
    mobile,
    password,
    confirmPassword: password,
    termsAccepted: true,
  }).expect(201);
  const otp = await h.lastCode(`+971${mobile}`);
  const verified = await post('/v1/auth/otp/verify', {
    countryCode: '+971',
    mobile,
    otp,
    purpose: 'signup',
  }).expect(200);
  return { mobile, password, accountId: String(decodeJwt(verified.body.results.token).sub) };
}

const login = (mobile: string, password: string) =>
  post('/v1/auth/login/customer', { countryCode: '+971', mobile, password });

const accountOf = (id: string) => h.app.get(DataSource).getRepository(Account).findOneByOrFail({ id });

describe('Google sign-in on an e-mail someone registered without proving it (pre-hijacking)', () => {
  it('gives the attacker no access to what the e-mail owner does with Google, and lets the owner take the e-mail', async () => {
    const victimEmail = 'victim.owner@example.com';
    // The attacker registers first with the victim's e-mail, their own mobile and password.
    const attacker = await registerWithEmail(victimEmail, 'Attacker@2026');
    expect(await accountOf(attacker.accountId)).toMatchObject({ emailVerified: false });

    // The victim continues with Google: no session on the attacker's account, a proof is asked.
    const first = await google(await idToken(victimEmail), 'ar').expect(202);
    expect(first.body.message).toBe(GOOGLE_LINK_REQUIRED_MESSAGE.ar);
    expect(first.body.results).toEqual({
      linkRequired: true,
      ticket: expect.any(String),
      expiresInSeconds: 600,
      email: victimEmail,
      proofs: ['password', 'otp'],
      mobile: `+971 ••••••${attacker.mobile.slice(-3)}`,
      separate: true,
    });
    expect(first.body.results).not.toHaveProperty('token');
    expect((await accountOf(attacker.accountId)).googleSubject).toBeNull();

    // The victim cannot prove the attacker's account: a wrong password links nothing.
    const wrong = await post(
      '/v1/auth/google/link',
      { ticket: first.body.results.ticket, password: 'Victim@2026' },
      'ar',
    ).expect(422);
    expect(wrong.body.message).toBe(ERROR_MESSAGES.GOOGLE_LINK_PASSWORD_INVALID.ar);
    expect((await accountOf(attacker.accountId)).googleSubject).toBeNull();

    // "Not my account": a separate account takes the e-mail Google proved.
    const separate = await post('/v1/auth/google/separate', { ticket: first.body.results.ticket }).expect(
      200,
    );
    const victimId = String(decodeJwt(separate.body.results.token).sub);
    expect(victimId).not.toBe(attacker.accountId);
    expect(await accountOf(victimId)).toMatchObject({
      email: victimEmail,
      emailVerified: true,
      role: 'user',
    });
    // The attacker's account keeps its mobile and password but no longer the e-mail.
    expect(await accountOf(attacker.accountId)).toMatchObject({ email: null, emailVerified: false });
    // The ticket was used up.
    await post('/v1/auth/google/separate', { ticket: first.body.results.ticket }).expect(422);

    // From now on Google signs the victim in to the victim's account, never the attacker's.
    const again = await google(await idToken(victimEmail)).expect(200);
    expect(decodeJwt(again.body.results.token).sub).toBe(victimId);
    const attackerLogin = await login(attacker.mobile, attacker.password).expect(200);
    expect(decodeJwt(attackerLogin.body.results.token).sub).toBe(attacker.accountId);
    const attackerProfile = await h
      .http()
      .get('/v1/profile')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${attackerLogin.body.results.token}`)
      .expect(200);
    expect(attackerProfile.body.results.email ?? null).not.toBe(victimEmail);
  });

  it('refuses to link on a ticket of another site, an unknown ticket, and a proof the ticket does not offer', async () => {
    const email = 'cross.site@example.com';
    await registerWithEmail(email);
    const { ticket } = (await google(await idToken(email)).expect(202)).body.results;
    await h
      .http()
      .post('/v1/auth/google/link')
      .set('x-site', 'sa')
      .send({ ticket, password: PASSWORD })
      .expect(422);
    await post('/v1/auth/google/link', { ticket: 'no-such-ticket', password: PASSWORD }).expect(422);
    await post('/v1/auth/google/link', { ticket }).expect(422);
    await post('/v1/auth/google/link', { ticket, password: PASSWORD, otp: '1234' }).expect(422);
  });

  it('throws a ticket away after five wrong passwords', async () => {
    const email = 'five.wrong@example.com';
    await registerWithEmail(email);
    const { ticket } = (await google(await idToken(email)).expect(202)).body.results;
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/v1/auth/google/link', { ticket, password: `Wrong@${i}abc` }).expect(422);
      expect(wrong.body.results.code).toBe('GOOGLE_LINK_PASSWORD_INVALID');
    }
    const after = await post('/v1/auth/google/link', { ticket, password: PASSWORD }).expect(422);
    expect(after.body.results.code).toBe('GOOGLE_LINK_EXPIRED');
  });
});

describe('the owner of the account proves it, then Google is linked', () => {
  it('links with the account password: a session on that account, and Google signs in directly afterwards', async () => {
    const email = 'owner.password@example.com';
    const owner = await registerWithEmail(email);
    const asked = await google(await idToken(email)).expect(202);
    const linked = await post('/v1/auth/google/link', {
      ticket: asked.body.results.ticket,
      password: owner.password,
    }).expect(200);
    expect(decodeJwt(linked.body.results.token).sub).toBe(owner.accountId);
    expect(await accountOf(owner.accountId)).toMatchObject({
      emailVerified: true,
      googleSubject: expect.any(String),
    });
    const direct = await google(await idToken(email)).expect(200);
    expect(decodeJwt(direct.body.results.token).sub).toBe(owner.accountId);
    // The password still works too.
    await login(owner.mobile, owner.password).expect(200);
  });

  it('links with a code sent to the verified mobile of the account', async () => {
    const email = 'owner.otp@example.com';
    const owner = await registerWithEmail(email);
    const asked = await google(await idToken(email)).expect(202);
    const { ticket } = asked.body.results;
    const before = h.sink.messages.filter((m) => m.to === `+971${owner.mobile}`).at(-1)?.id;
    const timing = await post('/v1/auth/google/link/otp', { ticket }).expect(200);
    expect(timing.body.results).toEqual({ expiresInSeconds: 120, resendInSeconds: 0 });
    const code = await h.lastCode(`+971${owner.mobile}`, String(before));
    const wrongCode = code === '0000' ? '1111' : '0000';
    await post('/v1/auth/google/link', { ticket, otp: wrongCode }).expect(422);
    const linked = await post('/v1/auth/google/link', { ticket, otp: code }).expect(200);
    expect(decodeJwt(linked.body.results.token).sub).toBe(owner.accountId);
    expect((await accountOf(owner.accountId)).emailVerified).toBe(true);
  });

  it('offers no code when the mobile was never proved, and links an account whose e-mail is proved at once', async () => {
    // Registered but never verified: neither the mobile nor the e-mail proved.
    const mobile = nextMobile();
    await post('/v1/auth/register/customer', {
      firstName: 'Not',
      lastName: 'Verified',
      email: 'never.verified@example.com',
      countryCode: '+971',
      mobile,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
    }).expect(201);
    const asked = await google(await idToken('never.verified@example.com')).expect(202);
    expect(asked.body.results).toMatchObject({ proofs: ['password'], mobile: null, separate: true });
    await post('/v1/auth/google/link/otp', { ticket: asked.body.results.ticket }).expect(422);

    // An account that proved its e-mail with the code sent to it is linked without a question.
    const proved = await registerWithEmail('proved.email@example.com');
    const emailCode = (await h.lastEmail('proved.email@example.com')).code;
    const session = await login(proved.mobile, proved.password).expect(200);
    await h
      .http()
      .post('/v1/auth/email/verify')
      .set('x-site', 'ae')
      .set('authorization', `Bearer ${session.body.results.token}`)
      .send({ otp: emailCode })
      .expect(200);
    const direct = await google(await idToken('proved.email@example.com')).expect(200);
    expect(decodeJwt(direct.body.results.token).sub).toBe(proved.accountId);
  });
});

describe('password guesses through Google link tickets', () => {
  it('are limited per account, however many tickets are asked for', async () => {
    const limited = await startHarness({
      GOOGLE_ISSUER: sandbox.url,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      RATE_LIMIT_PER_MOBILE: 3,
    });
    try {
      const email = 'many.tickets@example.com';
      const mobile = nextMobile();
      const send = (path: string, body: object) => limited.http().post(path).set('x-site', 'ae').send(body);
      await send('/v1/auth/register/customer', {
        firstName: 'Many',
        lastName: 'Tickets',
        email,
        countryCode: '+971',
        mobile,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        termsAccepted: true,
      }).expect(201);
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const { ticket } = (await send('/v1/auth/google', { idToken: await idToken(email) }).expect(202)).body
          .results;
        codes.push((await send('/v1/auth/google/link', { ticket, password: `Guess@${i}xyz` })).status);
      }
      expect(codes).toEqual([422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  }, 30_000);
});
