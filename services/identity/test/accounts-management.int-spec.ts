import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus';
import { subscriptionActivatedV1, subscriptionExpiredV1, TOPICS } from '@manzil/contracts';
import { expectEventually, tokenFor } from '@manzil/testing';
import { AnonymiseDeletedAccounts } from '../src/deletion/anonymise-deleted-accounts.job.js';
import { publishAllAgentContacts } from '../src/directory/agent-contact.js';
import { seed } from '../src/seed.js';
import { startHarness, PASSWORD, PNG, type Harness } from './harness.js';

let h: Harness;
let ds: DataSource;

async function login(kind: string, mobile: string, countryCode = '+971', site = 'ae', password = PASSWORD) {
  const response = await h
    .http()
    .post(`/v1/auth/login/${kind}`)
    .set('x-site', site)
    .send({ countryCode, mobile, password })
    .expect(200);
  return response.body.results as { token: string; refresh_token: string };
}
const bearer = (token: string) => `Bearer ${token}`;

beforeAll(async () => {
  h = await startHarness();
  ds = h.app.get(DataSource);
  await seed(ds, () => undefined);
});
afterAll(async () => {
  await h?.close();
});

describe('seed', () => {
  it('seeds an admin and demo accounts per site that can sign in', async () => {
    await login('customer', '500000000', '+971', 'ae', 'Manzil@Admin26');
    await login('customer', '550000000', '+966', 'sa', 'Manzil@Admin26');
    const { token } = await login('company', '551000002', '+966', 'sa');
    const profile = await h
      .http()
      .get('/v1/profile')
      .set('x-site', 'sa')
      .set('authorization', bearer(token))
      .expect(200);
    expect(profile.body.results).toMatchObject({ role: 'company', site: 'sa', verified: true });
  });
});

describe('profile', () => {
  it('updates names and e-mail, stores the language, uploads a picture (type and size checked)', async () => {
    const { token } = await login('customer', '501000001');
    const updated = await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(token))
      .send({ firstName: 'Mona', email: 'MONA@example.com' })
      .expect(200);
    expect(updated.body.results).toMatchObject({
      firstName: 'Mona',
      name: 'Mona Haddad',
      email: 'mona@example.com',
    });
    const taken = await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(token))
      .send({ email: 'company@ae.manzil.test' })
      .expect(422);
    expect(taken.body.results.fields[0].field).toBe('email');
    await h
      .http()
      .put('/v1/profile/language')
      .set('authorization', bearer(token))
      .send({ language: 'ar' })
      .expect(200);
    const image = await h
      .http()
      .post('/v1/profile/image')
      .set('authorization', bearer(token))
      .attach('file', PNG, 'me.png')
      .expect(200);
    expect(image.body.results).toMatchObject({
      language: 'ar',
      picture: expect.stringMatching(/^\/api\/identity\/v1\/uploads\//),
    });
    const id = (image.body.results.picture as string).split('/').pop();
    const served = await h.http().get(`/v1/uploads/${id}`).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    const pdf = await h
      .http()
      .post('/v1/profile/image')
      .set('authorization', bearer(token))
      .set('language', 'ar')
      .attach('file', Buffer.from('%PDF-1.7 ...'), 'me.png')
      .expect(422);
    expect(pdf.body.results.fields).toEqual([
      { field: 'file', message: 'يُسمح فقط بصور JPEG وPNG وJPG وGIF.' },
    ]);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await h.http().post('/v1/uploads').attach('file', big, 'big.png').expect(422);
    expect(tooBig.body.results.fields[0]).toEqual({
      field: 'file',
      message: 'The file must be smaller than 2 MB.',
    });
  });

  it("tells listings a company's names in both languages through identity.company.profile, when it is created and when they change", async () => {
    const profileOf = async (accountId: string) =>
      (
        (await ds.query(
          `SELECT "event"->'payload' AS p FROM "outbox" WHERE "event"->>'type' = 'identity.company.profile'
            AND "event"->'payload'->>'accountId' = $1 ORDER BY "id" DESC LIMIT 1`,
          [accountId],
        )) as { p: unknown }[]
      )[0]?.p;
    // The seed's company (created by the seed: its creation published its names).
    const { token } = await login('company', '501000002');
    const own = await h.http().get('/v1/profile').set('authorization', bearer(token)).expect(200);
    expect(await profileOf(own.body.results.id)).toEqual({
      accountId: own.body.results.id,
      name: 'Marina Homes Real Estate',
      nameAr: 'مارينا هومز للعقارات',
      listed: true,
    });
    await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(token))
      .send({ nameAr: 'مارينا هومز العقارية' })
      .expect(200);
    expect(await profileOf(own.body.results.id)).toMatchObject({ nameAr: 'مارينا هومز العقارية' });
    // Put back for the other tests.
    await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(token))
      .send({ nameAr: 'مارينا هومز للعقارات' })
      .expect(200);
    // An agent announces no company profile.
    const agent = await login('agent', '501000003');
    const agentProfile = await h
      .http()
      .get('/v1/profile')
      .set('authorization', bearer(agent.token))
      .expect(200);
    expect(await profileOf(agentProfile.body.results.id)).toBeUndefined();
  });

  it("keeps an agent's Arabic name (Arabic letters only), tells search through identity.agent.contact, and ignores it for a customer", async () => {
    const { token } = await login('agent', '501000003');
    const latin = await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(token))
      .set('language', 'ar')
      .send({ nameAr: 'Sara ناصر' })
      .expect(422);
    expect(latin.body.results.fields).toEqual([
      { field: 'nameAr', message: 'اكتب الاسم العربي بالحروف العربية فقط.' },
    ]);
    const updated = await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(token))
      .send({ nameAr: '  سارة   الناصر ' })
      .expect(200);
    expect(updated.body.results).toMatchObject({ role: 'agent', name: 'Sara Nasser', nameAr: 'سارة الناصر' });
    const [published] = (await ds.query(
      `SELECT "event"->'payload' AS p FROM "outbox" WHERE "event"->>'type' = 'identity.agent.contact'
        AND "event"->'payload'->>'accountId' = $1 ORDER BY "id" DESC LIMIT 1`,
      [updated.body.results.id],
    )) as { p: { nameAr: string | null; name: string } }[];
    expect(published.p).toMatchObject({ name: 'Sara Nasser', nameAr: 'سارة الناصر' });
    const customer = await login('customer', '501000001');
    const ignored = await h
      .http()
      .put('/v1/profile')
      .set('authorization', bearer(customer.token))
      .send({ nameAr: 'منى' })
      .expect(200);
    expect(ignored.body.results.nameAr).toBeNull();
  });

  it('changes the password only with the right old one, and a different new one', async () => {
    const { token } = await login('agent', '501000005');
    const wrongOld = await h
      .http()
      .put('/v1/profile/password')
      .set('authorization', bearer(token))
      .send({ oldPassword: 'Wrong@2026', password: 'Other@2026', confirmPassword: 'Other@2026' })
      .expect(422);
    expect(wrongOld.body.results.fields[0].field).toBe('oldPassword');
    const same = await h
      .http()
      .put('/v1/profile/password')
      .set('authorization', bearer(token))
      .send({ oldPassword: PASSWORD, password: PASSWORD, confirmPassword: PASSWORD })
      .expect(422);
    expect(same.body.results.fields[0].message).toBe('New password must be different from the old password.');
    await h
      .http()
      .put('/v1/profile/password')
      .set('authorization', bearer(token))
      .send({ oldPassword: PASSWORD, password: 'Other@2026', confirmPassword: 'Other@2026' })
      .expect(200);
    await login('agent', '501000005', '+971', 'ae', 'Other@2026');
  });
});

describe('company agents', () => {
  const agentBody = async (mobile: string) => {
    const upload = await h.http().post('/v1/uploads').attach('file', PNG, 'a.png').expect(201);
    return {
      firstName: 'New',
      lastName: 'Agent',
      email: `${mobile}@agents.test`,
      countryCode: '+971',
      mobile,
      brn: '777',
      pictureId: upload.body.results.id,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    };
  };

  it('lists, adds up to the quota of the consumed subscription event, edits, deactivates and deletes', async () => {
    const { token } = await login('company', '501000002');
    // The seed's payments.subscription.activated went through the outbox and the bus into entitlements.
    await expectEventually(async () => {
      const [row] = await ds.query(`SELECT "agent_quota" FROM "entitlements" WHERE "site" = 'ae'`);
      expect(row.agent_quota).toBe(5);
    });
    const list = await h
      .http()
      .get('/v1/agents?page=1&limit=10')
      .set('authorization', bearer(token))
      .expect(200);
    expect(list.body.results.total).toBe(2);
    const added = await h
      .http()
      .post('/v1/agents')
      .set('authorization', bearer(token))
      .send(await agentBody('509000001'))
      .expect(201);
    const id = added.body.results.id as string;
    await login('agent', '509000001');
    const detail = await h.http().get(`/v1/agents/${id}`).set('authorization', bearer(token)).expect(200);
    expect(detail.body.results).toMatchObject({ firstName: 'New', status: 'active', whatsapp: false });
    await h
      .http()
      .put(`/v1/agents/${id}`)
      .set('authorization', bearer(token))
      .send({
        ...(await agentBody('509000001')),
        firstName: 'Renamed',
        password: undefined,
        confirmPassword: undefined,
      })
      .expect(200);
    await h
      .http()
      .patch(`/v1/agents/${id}/status`)
      .set('authorization', bearer(token))
      .send({ status: 'inactive' })
      .expect(200);
    const inactive = await h
      .http()
      .post('/v1/auth/login/agent')
      .send({ countryCode: '+971', mobile: '509000001', password: PASSWORD })
      .expect(422);
    expect(inactive.body.results.code).toBe('ACCOUNT_INACTIVE');
    // Each change told search how to reach the agent (identity.agent.contact, in order): added,
    // renamed, then unlisted with no contact once inactive.
    const contacts = await ds.query(
      `SELECT "event"->'payload' AS p FROM "outbox" WHERE "event"->>'type' = 'identity.agent.contact'
         AND "event"->>'key' = $1 ORDER BY "id"`,
      [id],
    );
    expect(
      contacts.map((row: { p: { name: string; listed: boolean } }) => [row.p.name, row.p.listed]),
    ).toEqual([
      ['New Agent', true],
      ['Renamed Agent', true],
      ['Renamed Agent', false],
    ]);
    expect(contacts[0].p).toMatchObject({ accountId: id, phone: '+971509000001', whatsapp: false });
    expect(contacts[2].p).toMatchObject({ phone: null, email: null });
    // Quota 5: two seeded + this one + two more; the sixth is refused.
    await h
      .http()
      .post('/v1/agents')
      .set('authorization', bearer(token))
      .send(await agentBody('509000002'))
      .expect(201);
    await h
      .http()
      .post('/v1/agents')
      .set('authorization', bearer(token))
      .send(await agentBody('509000003'))
      .expect(201);
    const over = await h
      .http()
      .post('/v1/agents')
      .set('authorization', bearer(token))
      .send(await agentBody('509000004'))
      .expect(402);
    expect(over.body.results.code).toBe('AGENT_LIMIT_REACHED');
    // Full: an agent signing up under this company is refused too, beside the company field.
    const profile = await h.http().get('/v1/profile').set('authorization', bearer(token)).expect(200);
    const selfSignUp = await h
      .http()
      .post('/v1/auth/register/agent')
      .send({ ...(await agentBody('509000005')), companyId: profile.body.results.id, termsAccepted: true })
      .expect(422);
    expect(selfSignUp.body.results.fields).toEqual([
      {
        field: 'companyId',
        message: 'This company has no free agent place: choose another company or register as a freelancer.',
      },
    ]);
    await h.http().delete(`/v1/agents/${id}`).set('authorization', bearer(token)).expect(200);
    await h.http().get(`/v1/agents/${id}`).set('authorization', bearer(token)).expect(404);
    await h
      .http()
      .post('/v1/agents')
      .set('authorization', bearer(token))
      .send(await agentBody('509000004'))
      .expect(201);
  });

  it("publishes every agent's contact and every company's names on demand (cli directory:publish-contacts)", async () => {
    const contacts = async () =>
      (
        await ds.query(
          `SELECT count(*)::int AS n FROM "outbox" WHERE "event"->>'type' = 'identity.agent.contact'`,
        )
      )[0].n as number;
    const [{ n: agents }] = await ds.query(
      `SELECT count(*)::int AS n FROM "accounts" WHERE "role" = 'agent' AND "status" <> 'deleted'`,
    );
    expect(agents).toBeGreaterThan(0);
    const before = await contacts();
    const profiles = async () =>
      (
        await ds.query(
          `SELECT count(*)::int AS n FROM "outbox" WHERE "event"->>'type' = 'identity.company.profile'`,
        )
      )[0].n as number;
    const [{ n: companies }] = await ds.query(
      `SELECT count(*)::int AS n FROM "accounts" WHERE "role" = 'company' AND "status" <> 'deleted'`,
    );
    expect(companies).toBeGreaterThan(0);
    const profilesBefore = await profiles();
    expect(await publishAllAgentContacts(ds)).toBe(
      `identity.agent.contact published for ${agents} agents, identity.company.profile for ${companies} companies`,
    );
    expect((await contacts()) - before).toBe(agents);
    expect((await profiles()) - profilesBefore).toBe(companies);
  });

  it("refuses another company's agent (404), an agent's token (403), and a company without a subscription (402)", async () => {
    const ae = await login('company', '501000002');
    const sa = await login('company', '551000002', '+966', 'sa');
    const saAgents = await h
      .http()
      .get('/v1/agents')
      .set('x-site', 'sa')
      .set('authorization', bearer(sa.token))
      .expect(200);
    const theirs = saAgents.body.results.items[0].id as string;
    // Another company (a fresh company token on the Saudi site) cannot see or change it.
    const stranger = await tokenFor('company', { site: 'sa' });
    await h
      .http()
      .get(`/v1/agents/${theirs}`)
      .set('x-site', 'sa')
      .set('authorization', bearer(stranger))
      .expect(404);
    await h
      .http()
      .delete(`/v1/agents/${theirs}`)
      .set('x-site', 'sa')
      .set('authorization', bearer(stranger))
      .expect(404);
    await h.http().get(`/v1/agents/${theirs}`).set('authorization', bearer(ae.token)).expect(404);
    const agent = await login('agent', '501000003');
    await h.http().get('/v1/agents').set('authorization', bearer(agent.token)).expect(403);
    const none = await h
      .http()
      .post('/v1/agents')
      .set('x-site', 'sa')
      .set('authorization', bearer(stranger))
      .send(await agentBody('509000009'))
      .expect(402);
    expect(none.body.message).toBe('You have to buy subscription to add agent');
  });

  it('applies a subscription event once, however often it arrives', async () => {
    const accountId = randomUUID();
    const event = newEvent(subscriptionActivatedV1, 'ae', randomUUID(), {
      subscriptionId: randomUUID(),
      accountId,
      plan: 'Basic',
      propertyQuota: 5,
      agentQuota: 1,
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await ds.transaction((manager) => enqueue(manager, TOPICS.paymentsSubscription, [event, event]));
    await expectEventually(async () => {
      const rows = await ds.query(`SELECT 1 FROM "entitlements" WHERE "account_id" = $1`, [accountId]);
      expect(rows).toHaveLength(1);
    });
  });

  it('ends an entitlement early when payments says its subscription ended (an upgrade)', async () => {
    const accountId = randomUUID();
    const subscriptionId = randomUUID();
    await ds.transaction((manager) =>
      enqueue(manager, TOPICS.paymentsSubscription, [
        newEvent(subscriptionActivatedV1, 'ae', subscriptionId, {
          subscriptionId,
          accountId,
          plan: 'Basic',
          propertyQuota: 5,
          agentQuota: 1,
          startsAt: new Date(Date.now() - 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        }),
        newEvent(subscriptionExpiredV1, 'ae', subscriptionId, {
          subscriptionId,
          accountId,
          plan: 'Basic',
          endedAt: new Date().toISOString(),
          reason: 'upgraded',
        }),
      ]),
    );
    // Handled in order (one key): the row exists and no longer counts.
    await expectEventually(async () => {
      const rows = (await ds.query(
        `SELECT "ends_at" > now() AS "counts" FROM "entitlements" WHERE "account_id" = $1`,
        [accountId],
      )) as { counts: boolean }[];
      expect(rows).toEqual([{ counts: false }]);
    });
  });
});

describe('account deletion', () => {
  it('OTP → request → deactivated, event published, anonymised by the job after the grace period', async () => {
    const { token, refresh_token } = await login('customer', '501000001');
    await h.http().post('/v1/account/deletion/otp').set('authorization', bearer(token)).expect(200);
    const otp = await h.lastCode('+971501000001');
    const wrong = await h
      .http()
      .post('/v1/account/deletion')
      .set('authorization', bearer(token))
      .send({ otp: otp === '0000' ? '1111' : '0000' })
      .expect(422);
    expect(wrong.body.results.code).toBe('OTP_INVALID');
    const done = await h
      .http()
      .post('/v1/account/deletion')
      .set('authorization', bearer(token))
      .send({ otp, reason: 'moving' })
      .expect(200);
    const eraseAfter = new Date(done.body.results.eraseAfter as string);
    expect(eraseAfter.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await h.http().post('/v1/auth/refresh').send({ refresh_token }).expect(401);
    await h
      .http()
      .post('/v1/auth/login/customer')
      .send({ countryCode: '+971', mobile: '501000001', password: PASSWORD })
      .expect(422);
    await expectEventually(async () => {
      const [row] = await ds.query(
        `SELECT count(*)::int AS n FROM "outbox" WHERE "event"->>'type' = 'identity.account.deleted' AND "published_at" IS NOT NULL`,
      );
      expect(row.n).toBeGreaterThanOrEqual(1);
    });
    // The request reaches the admin console of its site (and only admins, only that site's).
    const admin = await login('customer', '500000000', '+971', 'ae', 'Manzil@Admin26');
    const saAdmin = await login('customer', '550000000', '+966', 'sa', 'Manzil@Admin26');
    const pending = await h
      .http()
      .get('/v1/admin/deletion-requests?state=pending')
      .set('x-site', 'ae')
      .set('authorization', bearer(admin.token))
      .expect(200);
    expect(pending.body.results.items).toEqual([
      expect.objectContaining({ role: 'user', name: 'Mona Haddad', reason: 'moving', anonymisedAt: null }),
    ]);
    const requestId = pending.body.results.items[0].id as string;
    const elsewhere = await h
      .http()
      .get('/v1/admin/deletion-requests')
      .set('x-site', 'sa')
      .set('authorization', bearer(saAdmin.token))
      .expect(200);
    expect(elsewhere.body.results.items.map((r: { id: string }) => r.id)).not.toContain(requestId);
    const company = await login('company', '551000002', '+966', 'sa');
    await h
      .http()
      .get('/v1/admin/deletion-requests')
      .set('x-site', 'sa')
      .set('authorization', bearer(company.token))
      .expect(403);
    const job = h.app.get(AnonymiseDeletedAccounts);
    expect(await job.execute(new Date())).toBe(0);
    expect(await job.execute(new Date(eraseAfter.getTime() + 1000))).toBe(1);
    const anonymised = await h
      .http()
      .get('/v1/admin/deletion-requests?state=anonymised&limit=5')
      .set('x-site', 'ae')
      .set('authorization', bearer(admin.token))
      .expect(200);
    expect(anonymised.body.results).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(anonymised.body.results.items[0]).toMatchObject({ id: requestId, name: null });
    expect(anonymised.body.results.items[0].anonymisedAt).toEqual(expect.any(String));
    const [account] = await ds.query(
      `SELECT * FROM "accounts" WHERE "email" IS NULL AND "anonymised_at" IS NOT NULL AND "role" = 'user' AND "site" = 'ae'`,
    );
    expect(account).toMatchObject({
      status: 'deleted',
      name: 'Deleted account',
      mobile: null,
      password_hash: null,
      first_name: null,
    });
  });
});
