import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TOPICS } from '@manzil/contracts';
import { testRedisUrl, tokenFor, waitForEvent } from '@manzil/testing';
import { company, PaymentsHarness, WEBHOOK_PATH } from './harness.js';

const ACTIVATED = 'payments.subscription.activated';
const EXPIRED = 'payments.subscription.expired';

describe('payments: plans bought through Stripe Checkout (the sandbox) and its webhooks', () => {
  const h = new PaymentsHarness();

  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('a paid checkout whose webhook comes twice activates one subscription and publishes it once', async () => {
    const accountId = randomUUID();
    const token = await company('ae', accountId);
    const checkout = await h.buy(token, await h.planId('ae', 'gold', 3));
    expect(checkout.status).toBe('pending');
    expect(checkout.checkoutUrl).toBe(`${h.sandbox.url}/checkout/${checkout.sessionId}`);
    const page = await fetch(checkout.checkoutUrl);
    expect(await page.text()).toContain('1422.00 AED');

    const paid = await h.decide(checkout.sessionId, 'pay', 'hold');
    expect(paid.redirectUrl).toBe(
      `http://ae.localhost:3000/payments/paymentSuccess?paymentId=${checkout.paymentId}&session_id=${checkout.sessionId}`,
    );
    expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'pending' });
    const [event] = paid.events;
    expect((await h.deliver(event.eventId)).status).toBe(200);
    expect((await h.deliver(event.eventId)).status).toBe(200);

    expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'paid', settled_by: 'webhook' });
    expect(await h.count(`"subscriptions" WHERE "account_id" = $1`, [accountId])).toBe(1);
    expect(await h.outboxEvents(ACTIVATED, accountId)).toBe(1);
    const published = await waitForEvent(
      testRedisUrl(),
      h.namespace,
      TOPICS.paymentsSubscription,
      (e) => e.type === ACTIVATED && (e.payload as { accountId: string }).accountId === accountId,
    );
    expect(published).toMatchObject({
      site: 'ae',
      payload: { plan: 'Gold', propertyQuota: 200, agentQuota: 50 },
    });

    const active = await h
      .http()
      .get('/v1/subscriptions/active')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(active.body.results).toMatchObject({
      status: 'active',
      plan: { tier: 'gold', durationMonths: 3 },
    });
    // The company's agents work under its plan.
    const agent = await tokenFor('agent', { site: 'ae', companyId: accountId });
    const agentView = await h
      .http()
      .get('/v1/subscriptions/active')
      .set('authorization', `Bearer ${agent}`)
      .expect(200);
    expect(agentView.body.results.id).toBe(active.body.results.id);
    const payment = await h
      .http()
      .get(`/v1/payments/${checkout.paymentId}`)
      .set('authorization', `Bearer ${token}`);
    expect(payment.body.results).toMatchObject({ status: 'paid', amount: 1422, currency: 'AED' });
  });

  it('refuses a webhook that is not signed with our secret, and changes nothing', async () => {
    const checkout = await h.buy(await company(), await h.planId('ae', 'basic', 1));
    const { events } = await h.decide(checkout.sessionId, 'pay', 'hold');
    const [event] = await h.sandboxCall<unknown[]>(
      'get',
      `/sandbox/stripe/events?session=${checkout.sessionId}`,
    );
    expect((event as { id: string }).id).toBe(events[0].eventId);
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const sign = (secret: string, payload: string) =>
      `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
    const post = (signature: string | undefined, payload = body) => {
      const call = h.http().post(WEBHOOK_PATH).set('content-type', 'application/json');
      return (signature ? call.set('stripe-signature', signature) : call).send(payload);
    };
    await post(sign('whsec_not_ours', body)).expect(400);
    await post(undefined).expect(400);
    const tampered = body.replace('"paid"', '"unpaid"');
    await post(sign(h.config.STRIPE_WEBHOOK_SECRET, body), tampered).expect(400);
    expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'pending' });
    expect(await h.count(`"provider_events"`, [])).toBeGreaterThanOrEqual(0);
    expect(await h.count(`"provider_events" WHERE "id" = $1`, [events[0].eventId])).toBe(0);
    // The same body signed as Stripe signs it is taken.
    await post(sign(h.config.STRIPE_WEBHOOK_SECRET, body)).expect(200);
    expect(await h.payment(checkout.paymentId)).toMatchObject({ status: 'paid' });
  });

  it('a failed checkout is Canceled, the next one Paid; the first one’s event arriving last changes nothing', async () => {
    const accountId = randomUUID();
    const token = await company('sa', accountId);
    const plan = await h.planId('sa', 'standard', 6);
    const first = await h.buy(token, plan, { site: 'sa' });
    const failed = await h.decide(first.sessionId, 'fail', 'hold');
    expect(failed.redirectUrl).toBe(
      `http://sa.localhost:3000/payments/paymentFailed?paymentId=${first.paymentId}`,
    );

    const second = await h.buy(token, plan, { site: 'sa' });
    const paid = await h.decide(second.sessionId, 'pay', 'send');
    expect(paid.events[0].status).toBe(200);
    // Out of order: the first session's "expired" comes after the second's "completed", then both again.
    await h.deliver(failed.events[0].eventId);
    await h.deliver(paid.events[0].eventId);
    await h.deliver(failed.events[0].eventId);

    expect(await h.payment(first.paymentId)).toMatchObject({ status: 'canceled', subscription_id: null });
    expect(await h.payment(second.paymentId)).toMatchObject({ status: 'paid' });
    expect(await h.count(`"subscriptions" WHERE "account_id" = $1`, [accountId])).toBe(1);
    expect(await h.outboxEvents(ACTIVATED, accountId)).toBe(1);
    const list = await h
      .http()
      .get('/v1/payments?limit=10')
      .set('authorization', `Bearer ${token}`)
      .set('x-site', 'sa');
    expect(list.body.results.items.map((p: { status: string }) => p.status)).toEqual(['paid', 'canceled']);
    expect(list.body.results.items[0].currency).toBe('SAR');
  });

  it('upgrades to a higher tier only: the new plan runs from the payment, the old one ends as upgraded', async () => {
    const accountId = randomUUID();
    const token = await company('ae', accountId);
    const refused = await h
      .http()
      .post('/v1/subscriptions/upgrade')
      .set('authorization', `Bearer ${token}`)
      .set('language', 'ar')
      .send({ planId: await h.planId('ae', 'gold', 1) })
      .expect(422);
    expect(refused.body.message).toBe('ليس لديك اشتراك نشط لترقيته. يرجى شراء باقة أولًا.');
    const basic = await h.buy(token, await h.planId('ae', 'basic', 12));
    await h.decide(basic.sessionId, 'pay');
    await h
      .http()
      .post('/v1/subscriptions/upgrade')
      .set('authorization', `Bearer ${token}`)
      .send({ planId: await h.planId('ae', 'basic', 1) })
      .expect(422);
    const upgrade = await h.buy(token, await h.planId('ae', 'gold', 1), { purpose: 'upgrade' });
    await h.decide(upgrade.sessionId, 'pay');

    const active = await h
      .http()
      .get('/v1/subscriptions/active')
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(active.body.results.plan.tier).toBe('gold');
    const all = await h.http().get('/v1/subscriptions').set('authorization', `Bearer ${token}`).expect(200);
    expect(all.body.results.items.map((s: { status: string }) => s.status).sort()).toEqual([
      'active',
      'upgraded',
    ]);
    expect(await h.outboxEvents(ACTIVATED, accountId)).toBe(2);
    expect(await h.outboxEvents(EXPIRED, accountId)).toBe(1);
  });

  it('a plan bought while one runs starts when it ends', async () => {
    const accountId = randomUUID();
    const token = await company('ae', accountId);
    const first = await h.buy(token, await h.planId('ae', 'standard', 1));
    await h.decide(first.sessionId, 'pay');
    const next = await h.buy(token, await h.planId('ae', 'standard', 3));
    await h.decide(next.sessionId, 'pay');
    const [a, b] = (await h.ds.query(
      `SELECT "starts_at", "ends_at" FROM "subscriptions" WHERE "account_id" = $1 ORDER BY "starts_at"`,
      [accountId],
    )) as { starts_at: Date; ends_at: Date }[];
    expect(b.starts_at.toISOString()).toBe(a.ends_at.toISOString());
    const all = await h.http().get('/v1/subscriptions').set('authorization', `Bearer ${token}`).expect(200);
    expect(all.body.results.items.map((s: { status: string }) => s.status)).toEqual(['scheduled', 'active']);
  });

  it('checks role, company membership, site and ownership on the server', async () => {
    const plan = await h.planId('ae', 'gold', 1);
    const buy = (token: string, site = 'ae', planId = plan) =>
      h
        .http()
        .post('/v1/subscriptions/purchase')
        .set('authorization', `Bearer ${token}`)
        .set('x-site', site)
        .send({ planId });
    await buy(await tokenFor('user')).expect(403);
    await buy(await tokenFor('admin')).expect(403);
    const member = await buy(await tokenFor('agent', { companyId: randomUUID() })).expect(422);
    expect(member.body.message).toBe(
      "Your company's subscription covers you: only the company can buy a plan.",
    );
    await buy(await tokenFor('agent')).expect(201);
    // A Saudi plan cannot be bought on the UAE site, nor a UAE token used on the Saudi site.
    await buy(await company(), 'ae', await h.planId('sa', 'gold', 1)).expect(404);
    await buy(await company('ae'), 'sa').expect(401);
    await h.http().post('/v1/subscriptions/purchase').send({ planId: plan }).expect(401);
    const mine = await h.buy(await company(), plan);
    await h
      .http()
      .get(`/v1/payments/${mine.paymentId}`)
      .set('authorization', `Bearer ${await company()}`)
      .expect(404);
  });
});
