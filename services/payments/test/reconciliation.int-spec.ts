import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectEventually } from '@manzil/testing';
import { company, PaymentsHarness } from './harness.js';

const ACTIVATED = 'payments.subscription.activated';
const EXPIRED = 'payments.subscription.expired';
const EXPIRING = 'payments.subscription.expiring';
const PAYMENT_FAILED = 'payments.subscription.payment-failed';
/** The repeatable job runs often and takes every pending payment, for the test. */
const JOB = { RECONCILE_EVERY_MS: '200', RECONCILE_AFTER_MS: '0' };

describe('payments: the reconciliation job (BullMQ job scheduler on Redis)', () => {
  const h = new PaymentsHarness();

  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('settles, after a restart, a payment completed while the service was down, and the late webhook changes nothing', async () => {
    const accountId = randomUUID();
    const checkout = await h.buy(await company('ae', accountId), await h.planId('ae', 'gold', 6));
    await h.app.close();
    // The payer pays while payments is down: Stripe's webhook finds nobody.
    const paid = await h.decide(checkout.sessionId, 'pay', 'send');
    expect(paid.events[0].status).toBeNull();

    await h.boot(JOB);
    await expectEventually(
      async () =>
        expect(await h.payment(checkout.paymentId)).toMatchObject({
          status: 'paid',
          settled_by: 'reconciliation',
        }),
      { timeoutMs: 15_000, intervalMs: 100 },
    );
    expect(await h.count(`"subscriptions" WHERE "account_id" = $1`, [accountId])).toBe(1);
    expect(await h.outboxEvents(ACTIVATED, accountId)).toBe(1);

    // Stripe retries the webhook later: acknowledged, nothing more happens.
    expect((await h.deliver(paid.events[0].eventId)).status).toBe(200);
    expect(await h.count(`"subscriptions" WHERE "account_id" = $1`, [accountId])).toBe(1);
    expect(await h.outboxEvents(ACTIVATED, accountId)).toBe(1);
  });

  it('cancels a payment whose checkout failed without a webhook, tells the payer once, and leaves an open one pending', async () => {
    const payer = randomUUID();
    const failed = await h.buy(await company('ae', payer), await h.planId('ae', 'basic', 1));
    await h.decide(failed.sessionId, 'fail', 'hold');
    const open = await h.buy(await company(), await h.planId('ae', 'basic', 3));
    await expectEventually(
      async () => expect(await h.payment(failed.paymentId)).toMatchObject({ status: 'canceled' }),
      {
        timeoutMs: 15_000,
        intervalMs: 100,
      },
    );
    expect(await h.payment(open.paymentId)).toMatchObject({ status: 'pending' });
    expect(await h.outboxEvents(PAYMENT_FAILED, payer)).toBe(1);
    // Later runs of the job find it settled: no second notice.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await h.outboxEvents(PAYMENT_FAILED, payer)).toBe(1);
  });

  it('tells the holder once, a week before the end, unless a later subscription follows it', async () => {
    const alone = randomUUID();
    const renewed = randomUUID();
    for (const accountId of [alone, renewed]) {
      const checkout = await h.buy(await company('ae', accountId), await h.planId('ae', 'gold', 1));
      await h.decide(checkout.sessionId, 'pay');
    }
    // The renewed holder bought the next month already: it is queued after the first.
    const next = await h.buy(await company('ae', renewed), await h.planId('ae', 'gold', 1));
    await h.decide(next.sessionId, 'pay');
    // Both first months end in 3 days (moved in time rather than waited for).
    await h.ds.query(
      `UPDATE "subscriptions" SET "starts_at" = now() - interval '27 days', "ends_at" = now() + interval '3 days'
        WHERE "account_id" = ANY($1) AND "starts_at" <= now()`,
      [[alone, renewed]],
    );
    await expectEventually(async () => expect(await h.outboxEvents(EXPIRING, alone)).toBe(1), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    const [event] = (await h.ds.query(
      `SELECT "event" FROM "outbox" WHERE "event"->>'type' = $1 AND "event"->'payload'->>'accountId' = $2`,
      [EXPIRING, alone],
    )) as { event: { payload: { plan: string; endsAt: string } } }[];
    expect(event.event.payload.plan).toBe('Gold');
    expect(new Date(event.event.payload.endsAt).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    // Later runs do not repeat it, and the renewed holder is not told its plan is ending.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await h.outboxEvents(EXPIRING, alone)).toBe(1);
    expect(await h.outboxEvents(EXPIRING, renewed)).toBe(0);
  });

  it('closes a subscription whose end has passed and publishes payments.subscription.expired once', async () => {
    const accountId = randomUUID();
    const checkout = await h.buy(await company('ae', accountId), await h.planId('ae', 'standard', 1));
    await h.decide(checkout.sessionId, 'pay');
    // Its month is over (moved back in time rather than waiting for it).
    await h.ds.query(
      `UPDATE "subscriptions" SET "starts_at" = now() - interval '2 months', "ends_at" = now() - interval '1 month'
        WHERE "account_id" = $1`,
      [accountId],
    );
    await expectEventually(async () => expect(await h.outboxEvents(EXPIRED, accountId)).toBe(1), {
      timeoutMs: 15_000,
      intervalMs: 100,
    });
    const [row] = (await h.ds.query(`SELECT "ended_reason" FROM "subscriptions" WHERE "account_id" = $1`, [
      accountId,
    ])) as { ended_reason: string }[];
    expect(row.ended_reason).toBe('ended');
    const active = await h
      .http()
      .get('/v1/subscriptions/active')
      .set('authorization', `Bearer ${await company('ae', accountId)}`)
      .expect(200);
    expect(active.body.results).toBeNull();
    // Later runs do not publish it again.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await h.outboxEvents(EXPIRED, accountId)).toBe(1);
  });
});
