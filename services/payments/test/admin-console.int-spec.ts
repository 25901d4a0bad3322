import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOPICS } from '@manzil/contracts';
import { expectEventually, testRedisUrl, tokenFor, waitForEvent } from '@manzil/testing';
import { company, PaymentsHarness } from './harness.js';

const EXPIRED = 'payments.subscription.expired';
const REFUNDED = 'payments.payment.refunded';

describe('payments: the admin console (plans and prices, payments with their history, manual refund)', () => {
  const h = new PaymentsHarness();

  beforeAll(() => h.start());
  afterAll(() => h.stop());

  const admin = (site: 'ae' | 'sa' = 'ae', sub?: string) => tokenFor('admin', { site, sub });

  it('lists the site’s plans in its currency, edits one with an audit line, and keeps edits to admins of the site', async () => {
    const token = await admin('sa');
    const list = await h
      .http()
      .get('/v1/admin/plans?limit=12')
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(list.body.results.total).toBe(12);
    expect(new Set(list.body.results.items.map((p: { currency: string }) => p.currency))).toEqual(
      new Set(['SAR']),
    );
    const gold = list.body.results.items.find(
      (p: { tier: string; durationMonths: number }) => p.tier === 'gold' && p.durationMonths === 12,
    );
    const patch = (site: string, auth: string | null, body: object, language = 'en') => {
      const call = h.http().patch(`/v1/admin/plans/${gold.id}`).set('x-site', site).set('language', language);
      return (auth ? call.set('authorization', `Bearer ${auth}`) : call).send(body);
    };
    await patch('sa', null, { fees: 10 }).expect(401);
    await patch('sa', await company('sa'), { fees: 10 }).expect(403);
    await patch('ae', await admin('ae'), { fees: 10 }).expect(404);
    const bad = await patch('sa', token, { fees: '0', agentQuota: '1.5' }, 'ar').expect(422);
    expect(bad.body.results.fields).toEqual(
      expect.arrayContaining([
        { field: 'fees', message: 'يرجى إدخال رسوم لا تقل عن 1 بخانتين عشريتين كحد أقصى.' },
        { field: 'agentQuota', message: 'يرجى إدخال عدد صحيح من 0 إلى 10000.' },
      ]),
    );
    const edited = await patch('sa', token, {
      fees: '١٢٣٤٥٫٥',
      agentQuota: 60,
      nameAr: 'الذهبية السنوية',
    }).expect(200);
    expect(edited.body.results).toMatchObject({
      fees: 12345.5,
      agentQuota: 60,
      nameAr: 'الذهبية السنوية',
      currency: 'SAR',
    });
    // The same values again change nothing and write no audit line.
    await patch('sa', token, { fees: 12345.5 }).expect(200);
    const changes = await h
      .http()
      .get('/v1/admin/plan-changes')
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(changes.body.results.total).toBe(1);
    expect(changes.body.results.items[0]).toMatchObject({
      planId: gold.id,
      tier: 'gold',
      durationMonths: 12,
      changes: expect.arrayContaining([
        { field: 'fees', from: gold.fees, to: 12345.5 },
        { field: 'agentQuota', from: gold.agentQuota, to: 60 },
        { field: 'nameAr', from: gold.nameAr, to: 'الذهبية السنوية' },
      ]),
    });
    // The public list prices it as edited.
    const publicList = await h.http().get('/v1/plans?limit=12').set('x-site', 'sa').expect(200);
    expect(publicList.body.results.items.find((p: { id: string }) => p.id === gold.id).fees).toBe(12345.5);
  });

  it('refunds a paid payment through Stripe: Refunded once, subscription revoked, events published, history kept', async () => {
    const accountId = randomUUID();
    const token = await company('ae', accountId);
    const checkout = await h.buy(token, await h.planId('ae', 'standard', 1));
    await h.decide(checkout.sessionId, 'pay', 'send');
    expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'paid' });
    const adminId = randomUUID();
    const adminToken = await admin('ae', adminId);

    const refund = (site: string, auth: string, language = 'en') =>
      h
        .http()
        .post(`/v1/admin/payments/${checkout.paymentId}/refund`)
        .set('x-site', site)
        .set('language', language)
        .set('authorization', `Bearer ${auth}`)
        .send({});
    await refund('ae', token).expect(403);
    await refund('sa', await admin('sa')).expect(404);
    // Twice at once (a double click, two admins): one refund at the provider (idempotency key), one Refunded.
    const [first, second] = await Promise.all([refund('ae', adminToken), refund('ae', adminToken)]);
    expect([first.status, second.status]).not.toContain(500);
    const done = first.status === 200 ? first : second;
    expect(done.status).toBe(200);
    expect(done.body.results).toMatchObject({ status: 'refunded', accountId });
    expect(done.body.results.history.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'paid',
      'refunded',
    ]);
    const again = await refund('ae', adminToken, 'ar').expect(422);
    expect(again.body.message).toBe('لا يمكن استرداد إلا دفعة مدفوعة.');

    // The sandbox's signed charge.refunded came back and changed nothing more.
    await expectEventually(async () =>
      expect(await h.count(`"provider_events" WHERE "type" = 'charge.refunded'`, [])).toBe(1),
    );
    const events = await h.sandboxCall<{ type: string; data: { object: { payment_intent: string } } }[]>(
      'get',
      '/sandbox/stripe/events',
    );
    const refunded = events.filter((e) => e.type === 'charge.refunded');
    expect(refunded).toHaveLength(1);
    expect(await h.count(`"provider_events" WHERE "type" = 'charge.refunded'`, [])).toBe(1);
    expect(await h.outboxEvents(REFUNDED, accountId)).toBe(1);
    expect(await h.outboxEvents(EXPIRED, accountId)).toBe(1);
    const [subscription] = (await h.ds.query(
      `SELECT "ended_reason", "ended_at" FROM "subscriptions" WHERE "account_id" = $1`,
      [accountId],
    )) as { ended_reason: string; ended_at: Date | null }[];
    expect(subscription.ended_reason).toBe('refunded');
    expect(subscription.ended_at).not.toBeNull();
    const [{ refunded_by }] = (await h.ds.query(`SELECT "refunded_by" FROM "payments" WHERE "id" = $1`, [
      checkout.paymentId,
    ])) as { refunded_by: string }[];
    expect(refunded_by).toBe(adminId);
    await waitForEvent(
      testRedisUrl(),
      h.namespace,
      TOPICS.paymentsPayment,
      (e) => e.type === REFUNDED && e.key === checkout.paymentId,
    );
    const active = await h
      .http()
      .get('/v1/subscriptions/active')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(active.body.results).toBeNull();
    // A late "completed" of the same session does not buy it again.
    const [completed] = events.filter(
      (e) =>
        e.type === 'checkout.session.completed' &&
        (e as unknown as { data: { object: { id: string } } }).data.object.id === checkout.sessionId,
    ) as unknown as { id: string }[];
    await h.deliver(completed.id);
    expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'refunded' });
  });

  it('a refund made at the provider (its charge.refunded only) is recorded too', async () => {
    const accountId = randomUUID();
    const checkout = await h.buy(await company('ae', accountId), await h.planId('ae', 'basic', 3));
    await h.decide(checkout.sessionId, 'pay', 'send');
    const [session] = await h.sandboxCall<{ data: { object: { payment_intent: string } } }[]>(
      'get',
      `/sandbox/stripe/events?session=${checkout.sessionId}`,
    );
    const response = await fetch(`${h.sandbox.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.config.STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: session.data.object.payment_intent }).toString(),
    });
    expect(response.status).toBe(200);
    await expectEventually(async () =>
      expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'refunded' }),
    );
    expect(await h.outboxEvents(REFUNDED, accountId)).toBe(1);
    // More than was paid: Stripe's own error.
    const twice = await fetch(`${h.sandbox.url}/v1/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.config.STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_intent: session.data.object.payment_intent }).toString(),
    });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: { code: string } }).error.code).toBe('charge_already_refunded');
  });

  it('lists the site’s payments newest first, filtered by status and day, with their history, paginated', async () => {
    const token = await admin('ae');
    const accountId = randomUUID();
    const buyer = await company('ae', accountId);
    const pending = await h.buy(buyer, await h.planId('ae', 'gold', 1));
    const failed = await h.buy(buyer, await h.planId('ae', 'gold', 1));
    await h.decide(failed.sessionId, 'fail', 'send');
    const get = (query: string) =>
      h
        .http()
        .get(`/v1/admin/payments?${query}`)
        .set('x-site', 'ae')
        .set('authorization', `Bearer ${token}`)
        .expect(200);
    const mine = await get(`accountId=${accountId}`);
    expect(mine.body.results.items.map((p: { id: string }) => p.id)).toEqual([
      failed.paymentId,
      pending.paymentId,
    ]);
    expect(mine.body.results.items[0].history.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'canceled',
    ]);
    const canceled = await get(`accountId=${accountId}&status=canceled`);
    expect(canceled.body.results.items.map((p: { id: string }) => p.id)).toEqual([failed.paymentId]);
    const today = new Date().toISOString().slice(0, 10);
    const paged = await get(`from=${today}&to=${today}&limit=1&page=2`);
    expect(paged.body.results).toMatchObject({ page: 2, limit: 1 });
    expect(paged.body.results.total).toBeGreaterThanOrEqual(2);
    expect(paged.body.results.items).toHaveLength(1);
    const none = await get(`accountId=${accountId}&from=2001-01-01&to=2001-01-02`);
    expect(none.body.results.total).toBe(0);
    // Another site sees none of them.
    const sa = await h
      .http()
      .get(`/v1/admin/payments?accountId=${accountId}`)
      .set('x-site', 'sa')
      .set('authorization', `Bearer ${await admin('sa')}`)
      .expect(200);
    expect(sa.body.results.total).toBe(0);
  });
});
