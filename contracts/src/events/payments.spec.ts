import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { topicOfEvent } from './event-topics.js';
import { planPaymentFailedV1, subscriptionExpiringV1 } from './payments.js';
import { TOPICS } from './topics.js';

describe('subscription notice events v1 (contract)', () => {
  it('are published on payments.subscription, beside activated and expired', () => {
    for (const def of [subscriptionExpiringV1, planPaymentFailedV1]) {
      expect(def.version).toBe(1);
      expect(topicOfEvent(def.type)).toBe(TOPICS.paymentsSubscription);
    }
  });

  it('payments.subscription.expiring names the subscription, its holder, the plan and its end', () => {
    const expiring = {
      subscriptionId: randomUUID(),
      accountId: randomUUID(),
      plan: 'Gold',
      endsAt: new Date().toISOString(),
    };
    expect(subscriptionExpiringV1.payload.parse(expiring)).toEqual(expiring);
    expect(subscriptionExpiringV1.payload.safeParse({ ...expiring, endsAt: 'next week' }).success).toBe(
      false,
    );
    expect(subscriptionExpiringV1.payload.safeParse({ ...expiring, accountId: 'a company' }).success).toBe(
      false,
    );
  });

  it('payments.subscription.payment-failed names the payment, the payer, the plan and what it was for', () => {
    const failed = {
      paymentId: randomUUID(),
      accountId: randomUUID(),
      plan: 'Basic',
      purpose: 'upgrade',
      failedAt: new Date().toISOString(),
    };
    expect(planPaymentFailedV1.payload.parse(failed)).toEqual(failed);
    expect(planPaymentFailedV1.payload.safeParse({ ...failed, purpose: 'bid_fee' }).success).toBe(false);
    const { paymentId: _omitted, ...withoutPayment } = failed;
    expect(planPaymentFailedV1.payload.safeParse(withoutPayment).success).toBe(false);
  });
});
