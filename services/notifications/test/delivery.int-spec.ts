import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEvent } from '@manzil/bus';
import {
  accountRegisteredV1,
  appointmentAcceptedV1,
  appointmentCanceledV1,
  appointmentRequestedV1,
  auctionCanceledV1,
  auctionCanceledV2,
  bidFeeFailedV1,
  bidFeePaidV1,
  bidOutbidV1,
  paymentRefundedV1,
  paymentRefundedV2,
  listingRejectedV1,
  planPaymentFailedV1,
  subscriptionExpiringV1,
  TOPICS,
  type Site,
} from '@manzil/contracts';
import { expectEventually } from '@manzil/testing';
import { appointment, NotificationsHarness } from './harness.js';

describe('notifications: events into in-app notifications and e-mails (issue 14)', () => {
  const h = new NotificationsHarness({
    namespace: 'notifications-delivery',
    database: 'notifications_delivery',
    busClientId: 'notifications-test',
  });

  beforeAll(async () => {
    await h.start(() => ({ EMAIL_DISPATCH_MS: 100 }));
  }, 120_000);

  afterAll(async () => {
    await h.close();
  });

  /** A request as account `sub`; `.expect(status)` sends it (the token is made first). */
  const as = (site: Site, sub: string, path: string, method: 'get' | 'post' = 'get', language = 'en') => ({
    expect: async (status: number) => (await h.as(site, sub, language))[method](path).expect(status),
  });

  it('tells the customer once, in their language, in-app and by e-mail, however often the event comes', async () => {
    const customer = randomUUID();
    const agent = randomUUID();
    const email = `sara-${customer.slice(0, 8)}@example.com`;
    await h.publishAccount(
      newEvent(accountRegisteredV1, 'ae', customer, {
        accountId: customer,
        role: 'user',
        companyId: null,
        language: 'ar',
      }),
      { language: 'ar' },
    );
    const facts = appointment(customer, agent, email);
    const accepted = newEvent(appointmentAcceptedV1, 'ae', facts.appointmentId, {
      ...facts,
      decidedAt: new Date().toISOString(),
    });
    await h.bus.publish(TOPICS.listingsAppointment, accepted);
    await h.bus.publish(TOPICS.listingsAppointment, accepted);
    await h.bus.publish(
      TOPICS.listingsAppointment,
      newEvent(appointmentRequestedV1, 'ae', facts.appointmentId, facts),
    );

    await expectEventually(async () => expect((await h.inbox('ae', customer)).total).toBe(1), {
      timeoutMs: 15_000,
    });
    const [en] = (await h.inbox('ae', customer)).items;
    expect(en).toMatchObject({
      kind: 'appointment.accepted',
      title: 'Your appointment is confirmed',
      body: 'The agent accepted your viewing of Marina view on 01 Dec, 2026 at 03:30 PM.',
      link: '/profile?tab=appointments',
      read: false,
    });
    const [ar] = (await h.inbox('ae', customer, 'ar')).items;
    expect(ar.title).toBe('تم تأكيد موعدك');
    expect(ar.body).toContain('03:30 م');
    // The agent was asked.
    await expectEventually(async () =>
      expect((await h.inbox('ae', agent)).items.map((n) => n.title)).toEqual(['New appointment request']),
    );

    // One e-mail, in Arabic (the customer's language), however many deliveries.
    await expectEventually(async () => expect(await h.emailsTo(email)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = await h.emailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('تم تأكيد موعدك');

    // The bell, then mark read.
    const check = await as('ae', customer, '/v1/notifications/check').expect(200);
    expect(check.body.results).toEqual({ unreadNotification: true, unread: 1 });
    await as('ae', customer, `/v1/notifications/${en.id}/read`, 'post').expect(200);
    const after = await as('ae', customer, '/v1/notifications/check').expect(200);
    expect(after.body.results).toEqual({ unreadNotification: false, unread: 0 });
    // Someone else cannot mark it, nor see it.
    await as('ae', agent, `/v1/notifications/${en.id}/read`, 'post').expect(404);
  });

  it('tells a listing’s agent and company of a rejection, and an outbid bidder, each on its site', async () => {
    const agent = randomUUID();
    const company = randomUUID();
    const listing = randomUUID();
    await h.bus.publish(
      TOPICS.listingsProperty,
      newEvent(listingRejectedV1, 'sa', listing, {
        id: listing,
        agentId: agent,
        companyId: company,
        reason: 'The photos are blurred',
        rejectedAt: new Date().toISOString(),
        by: { id: randomUUID(), role: 'admin' },
        publishedStays: false,
      }),
    );
    const bidder = randomUUID();
    await h.bus.publish(
      TOPICS.auctionsAuction,
      newEvent(bidOutbidV1, 'sa', randomUUID(), {
        auctionId: randomUUID(),
        propertyId: randomUUID(),
        previousBidId: randomUUID(),
        previousBidderId: bidder,
        previousAmount: 1000,
        newBidId: randomUUID(),
        newAmount: 2500,
        currency: 'SAR',
      }),
    );
    await expectEventually(
      async () => {
        expect((await h.inbox('sa', agent)).items.map((n) => n.body)).toEqual([
          'Reason: The photos are blurred',
        ]);
        expect((await h.inbox('sa', company)).total).toBe(1);
        expect((await h.inbox('sa', bidder, 'ar')).items.map((n) => n.title)).toEqual(['تم تجاوز مزايدتك']);
      },
      { timeoutMs: 15_000 },
    );
    expect((await h.inbox('ae', agent)).total).toBe(0);
    // Mark all read.
    const all = await as('sa', agent, '/v1/notifications/read-all', 'post').expect(200);
    expect(all.body.results).toEqual({ updated: 1 });
  });

  it('tells the agent once, in both languages, when the customer cancels an appointment', async () => {
    const customer = randomUUID();
    const agent = randomUUID();
    const facts = appointment(customer, agent, `c-${customer.slice(0, 8)}@example.com`);
    const canceled = newEvent(appointmentCanceledV1, 'ae', facts.appointmentId, {
      ...facts,
      previousStatus: 'accepted',
      canceledAt: new Date().toISOString(),
    });
    await h.bus.publish(TOPICS.listingsAppointment, canceled);
    await h.bus.publish(TOPICS.listingsAppointment, canceled);
    await expectEventually(async () => expect((await h.inbox('ae', agent)).total).toBe(1), {
      timeoutMs: 15_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [en] = (await h.inbox('ae', agent)).items;
    expect(en).toMatchObject({
      kind: 'appointment.canceled',
      title: 'An appointment was canceled',
      body: 'Sara Ali canceled the viewing of Marina view on 01 Dec, 2026 at 03:30 PM. The time is free again.',
      link: '/profile?tab=appointments',
    });
    const [ar] = (await h.inbox('ae', agent, 'ar')).items;
    expect(ar.title).toBe('تم إلغاء موعد');
    expect(ar.body).toContain('ألغى');
    expect(ar.body).toContain('03:30 م');
    expect((await h.inbox('ae', customer)).total).toBe(0);
  });

  it('tells bidders of their fee (paid, failed), payers of a refund and every bidder of a canceled auction, once each', async () => {
    const [alice, bob, payer] = [randomUUID(), randomUUID(), randomUUID()];
    const auctionId = randomUUID();
    const fee = (bidderId: string) => ({
      paymentId: randomUUID(),
      bidId: randomUUID(),
      auctionId,
      bidderId,
      amount: 500,
      currency: 'SAR' as const,
    });
    const paid = newEvent(bidFeePaidV1, 'sa', auctionId, { ...fee(alice), paidAt: new Date().toISOString() });
    const failed = newEvent(bidFeeFailedV1, 'sa', auctionId, {
      ...fee(bob),
      failedAt: new Date().toISOString(),
    });
    const refunded = newEvent(paymentRefundedV1, 'sa', randomUUID(), {
      paymentId: randomUUID(),
      accountId: payer,
      purpose: 'subscription',
      amount: 1250.5,
      currency: 'SAR',
      refundId: 're_1',
      subscriptionId: randomUUID(),
      refundedAt: new Date().toISOString(),
      by: randomUUID(),
    });
    const canceled = newEvent(auctionCanceledV1, 'sa', auctionId, {
      auctionId,
      propertyId: randomUUID(),
      canceledAt: new Date().toISOString(),
      by: randomUUID(),
      reason: null,
      bidderIds: [alice, bob, alice],
    });
    for (const _twice of [1, 2]) {
      await h.bus.publish(TOPICS.paymentsBidFee, paid);
      await h.bus.publish(TOPICS.paymentsBidFee, failed);
      await h.bus.publish(TOPICS.paymentsPayment, refunded);
      await h.bus.publish(TOPICS.auctionsAuction, canceled);
    }
    await expectEventually(
      async () => {
        expect((await h.inbox('sa', alice)).total).toBe(2);
        expect((await h.inbox('sa', bob)).total).toBe(2);
        expect((await h.inbox('sa', payer)).total).toBe(1);
      },
      { timeoutMs: 15_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const kinds = async (who: string) => (await h.inbox('sa', who)).items.map((n) => n.kind).sort();
    expect(await kinds(alice)).toEqual(['auction.canceled', 'payments.bid-fee.paid']);
    expect(await kinds(bob)).toEqual(['auction.canceled', 'payments.bid-fee.failed']);
    const byKind = async (who: string, language: string) =>
      Object.fromEntries((await h.inbox('sa', who, language)).items.map((n) => [n.kind, n]));
    const aliceEn = await byKind(alice, 'en');
    expect(aliceEn['payments.bid-fee.paid']).toMatchObject({
      title: 'Bidding fee received',
      body: 'We received your bidding fee of SAR 500. Your bid now goes to the auction.',
    });
    expect(aliceEn['auction.canceled'].title).toBe('The auction was canceled');
    const bobAr = await byKind(bob, 'ar');
    expect(bobAr['payments.bid-fee.failed'].title).toBe('لم تُدفع رسوم المزايدة');
    expect(bobAr['payments.bid-fee.failed'].body).toContain('SAR 500');
    expect(bobAr['auction.canceled'].title).toBe('تم إلغاء المزاد');
    const [refund] = (await h.inbox('sa', payer)).items;
    expect(refund).toMatchObject({
      kind: 'payments.payment.refunded',
      title: 'Your payment was refunded',
      body: 'SAR 1,250.5 was refunded to you. The plan it bought has ended.',
    });
    expect((await h.inbox('sa', payer, 'ar')).items[0].title).toBe('تم استرداد دفعتك');
    // Each notification is one row per (event, recipient), however often the event came.
    const rows = (await h.ds.query(
      `SELECT count(*)::int AS n FROM "notifications" WHERE "account_id" = ANY($1::uuid[])`,
      [[alice, bob, payer]],
    )) as { n: number }[];
    expect(rows[0].n).toBe(5);

    // v2: auctions itself cancelled another auction because its property was sold.
    const soldAuction = randomUUID();
    await h.bus.publish(
      TOPICS.auctionsAuction,
      newEvent(auctionCanceledV2, 'sa', soldAuction, {
        auctionId: soldAuction,
        propertyId: randomUUID(),
        canceledAt: new Date().toISOString(),
        by: null,
        reason: 'sold',
        bidderIds: [bob],
        cause: 'listing-withdrawn',
      }),
    );
    await expectEventually(async () => expect((await h.inbox('sa', bob)).total).toBe(3), {
      timeoutMs: 15_000,
    });
    const [latest] = (await h.inbox('sa', bob, 'ar')).items.filter((n) => n.kind === 'auction.canceled');
    expect((await h.inbox('sa', bob)).items.map((n) => n.body)).toContain(
      'This property is no longer on the market, so its auction was canceled and your bid no longer stands.',
    );
    expect(latest.title).toBe('تم إلغاء المزاد');
  });

  it('tells a customer their unit booking was refunded, naming the unit and project in en and ar, once', async () => {
    const [customer, subscriber] = [randomUUID(), randomUUID()];
    const refund = {
      paymentId: randomUUID(),
      amount: 5000,
      currency: 'SAR' as const,
      refundId: 're_unit',
      subscriptionId: null,
      refundedAt: new Date().toISOString(),
      by: null,
    };
    const booking = newEvent(paymentRefundedV2, 'sa', refund.paymentId, {
      ...refund,
      accountId: customer,
      purpose: 'unit_booking',
      unitBooking: {
        bookingId: randomUUID(),
        unitId: randomUUID(),
        projectId: randomUUID(),
        projectSlug: 'palm-towers',
        title: { en: 'Palm Towers · 2 bedrooms · A-101', ar: 'أبراج النخيل · غرفتا نوم · A-101' },
      },
    });
    // v2 of another purpose: the generic notice, as v1 gave.
    const other = newEvent(paymentRefundedV2, 'sa', randomUUID(), {
      ...refund,
      paymentId: randomUUID(),
      accountId: subscriber,
      purpose: 'bid_fee',
      unitBooking: null,
    });
    for (const _twice of [1, 2]) {
      await h.bus.publish(TOPICS.paymentsPayment, booking);
      await h.bus.publish(TOPICS.paymentsPayment, other);
    }
    await expectEventually(
      async () => {
        expect((await h.inbox('sa', customer)).total).toBe(1);
        expect((await h.inbox('sa', subscriber)).total).toBe(1);
      },
      { timeoutMs: 15_000 },
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await h.inbox('sa', customer)).items).toEqual([
      expect.objectContaining({
        kind: 'payments.payment.refunded',
        title: 'Your unit booking was refunded',
        body: 'SAR 5,000 paid to book Palm Towers · 2 bedrooms · A-101 was refunded to you.',
        link: '/my-orders',
      }),
    ]);
    const [ar] = (await h.inbox('sa', customer, 'ar')).items;
    expect(ar.title).toBe('تم استرداد مبلغ حجز الوحدة');
    expect(ar.body).toContain('أبراج النخيل · غرفتا نوم · A-101');
    expect(ar.body).toContain('SAR 5,000');
    expect(ar.body).not.toContain('Palm Towers');
    expect((await h.inbox('sa', subscriber)).items[0]).toMatchObject({
      title: 'Your payment was refunded',
      body: 'SAR 5,000 was refunded to you.',
    });
  });

  it('tells a plan holder, in their language, that the plan ends soon or that its payment failed', async () => {
    const holder = randomUUID();
    await h.bus.publish(
      TOPICS.identityAccount,
      newEvent(accountRegisteredV1, 'sa', holder, {
        accountId: holder,
        role: 'company',
        companyId: null,
        language: 'ar',
      }),
    );
    const subscriptionId = randomUUID();
    const expiring = newEvent(subscriptionExpiringV1, 'sa', subscriptionId, {
      subscriptionId,
      accountId: holder,
      plan: 'Gold',
      endsAt: '2026-12-05T21:30:00.000Z',
    });
    await h.bus.publish(TOPICS.paymentsSubscription, expiring);
    await h.bus.publish(TOPICS.paymentsSubscription, expiring);
    const paymentId = randomUUID();
    await h.bus.publish(
      TOPICS.paymentsSubscription,
      newEvent(planPaymentFailedV1, 'sa', paymentId, {
        paymentId,
        accountId: holder,
        plan: 'Basic',
        purpose: 'subscription',
        failedAt: new Date().toISOString(),
      }),
    );
    await expectEventually(async () => expect((await h.inbox('sa', holder)).total).toBe(2), {
      timeoutMs: 15_000,
    });
    const byKind = new Map((await h.inbox('sa', holder)).items.map((n) => [n.kind, n]));
    // The end is a date of the site's zone: 00:30 on the 6th in Riyadh.
    expect(byKind.get('payments.subscription.expiring')).toMatchObject({
      title: 'Your subscription ends soon',
      body: 'Your Gold plan ends on 06 Dec, 2026. Renew it from the home page to keep your listings and agents.',
      link: '/',
    });
    expect(byKind.get('payments.subscription.payment-failed')?.title).toBe('Your payment failed');
    const ar = new Map((await h.inbox('sa', holder, 'ar')).items.map((n) => [n.kind, n]));
    expect(ar.get('payments.subscription.expiring')?.body).toContain('06 ديسمبر، 2026');
    expect(ar.get('payments.subscription.payment-failed')?.title).toBe('لم تتم عملية الدفع');
  });
});
