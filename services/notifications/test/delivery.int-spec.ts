import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newEvent } from '@manzil/bus';
import {
  accountChannelsV1,
  accountRegisteredV1,
  appointmentAcceptedV1,
  appointmentCanceledV1,
  appointmentRejectedV1,
  appointmentRequestedV1,
  auctionCanceledV1,
  auctionCanceledV2,
  auctionClosedV1,
  bidFeeFailedV1,
  bidFeePaidV1,
  bidPlacedV1,
  paymentRefundedV1,
  paymentRefundedV2,
  listingApprovedV2,
  listingRejectedV1,
  planPaymentFailedV1,
  subscriptionActivatedV1,
  subscriptionExpiringV1,
  TOPICS,
  unitBookingFailedV2,
  unitBookingPaidV1,
  type AccountRole,
  type Language,
  type Site,
} from '@manzil/contracts';
import { expectEventually, publishedProperty } from '@manzil/testing';
import { appointment, outbid, NotificationsHarness, type InboxItem } from './harness.js';

describe('notifications: events into in-app notifications and e-mails (issue 14)', () => {
  const h = new NotificationsHarness({
    namespace: 'notifications-delivery',
    database: 'notifications_delivery',
    busClientId: 'notifications-test',
  });

  beforeAll(async () => {
    // Text messages go to the sandbox's sink too (never to a developer's own sandbox port).
    await h.start((sandbox) => ({ EMAIL_DISPATCH_MS: 100, SMS_URL: `${sandbox}/v1/sms` }));
  }, 120_000);

  afterAll(async () => {
    await h.close();
  });

  /** A request as account `sub`; `.expect(status)` sends it (the token is made first). */
  const as = (site: Site, sub: string, path: string, method: 'get' | 'post' = 'get', language = 'en') => ({
    expect: async (status: number) => (await h.as(site, sub, language))[method](path).expect(status),
  });

  /**
   * Gives `accountId` a language and a proved e-mail as identity does (`identity.account.channels`),
   * so its notices are e-mailed in that language; resolves with the address once applied.
   */
  const withChannels = async (site: Site, accountId: string, role: AccountRole, language: Language) => {
    const email = `${role}-${accountId.slice(0, 8)}@${site}.manzil.test`;
    await h.publishAccount(
      newEvent(accountChannelsV1, site, accountId, { accountId, role, language, email, phone: null }),
      { language, email },
    );
    return email;
  };

  /** The account's notifications in both languages, each [en, ar] pair of the same row. */
  const bothLanguages = async (site: Site, accountId: string) => {
    const en = (await h.inbox(site, accountId, 'en')).items;
    const ar = (await h.inbox(site, accountId, 'ar')).items;
    return en.map((item: InboxItem) => ({ en: item, ar: ar.find((a) => a.id === item.id)! }));
  };

  /** The rows (in-app, e-mail) written for the accounts: a redelivered event must add none. */
  const rowsOf = async (accountIds: string[]) =>
    (
      (await h.ds.query(
        `SELECT (SELECT count(*)::int FROM "notifications" WHERE "account_id" = ANY($1::uuid[])) AS "notifications",
                (SELECT count(*)::int FROM "notification_emails" e JOIN "notifications" n ON n."id" = e."notification_id"
                  WHERE n."account_id" = ANY($1::uuid[])) AS "emails"`,
        [accountIds],
      )) as { notifications: number; emails: number }[]
    )[0];

  /** Lets a second delivery of an event (published twice) be handled, if it were to be. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

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
    await h.bus.publish(TOPICS.auctionsAuction, outbid('sa', bidder));
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

  it('tells a listing’s agent and company that it is live, each once, e-mailed in their own language', async () => {
    const [agent, company] = [randomUUID(), randomUUID()];
    const agentEmail = await withChannels('ae', agent, 'agent', 'ar');
    const companyEmail = await withChannels('ae', company, 'company', 'en');
    const id = randomUUID();
    const card = {
      id,
      site: 'ae' as const,
      slug: `marina-loft-${id.slice(0, 8)}`,
      title: { en: 'Marina loft', ar: 'لوفت المارينا' },
      propertyType: 'buy' as const,
      kind: 'apartment' as const,
      price: 1_900_000,
      currency: 'AED' as const,
      bedrooms: 2,
      bathrooms: 2,
      area: 1_200,
      areaUnit: 'sqft' as const,
      city: { en: 'Dubai', ar: 'دبي' },
      community: { en: 'Dubai Marina', ar: 'دبي مارينا' },
      latitude: 25.08,
      longitude: 55.14,
      coverPhoto: '/api/listings/v1/media/demo/marina-loft.svg',
      agreementType: 'exclusive' as const,
      agentName: 'Test Agent',
      approvedAt: new Date().toISOString(),
    };
    const approved = newEvent(listingApprovedV2, 'ae', id, {
      ...publishedProperty(card),
      agent: { id: agent, name: 'Test Agent' },
      company: { id: company },
    });
    await h.bus.publish(TOPICS.listingsProperty, approved);
    await h.bus.publish(TOPICS.listingsProperty, approved);

    await expectEventually(
      async () => {
        expect(await h.emailsTo(agentEmail)).toHaveLength(1);
        expect(await h.emailsTo(companyEmail)).toHaveLength(1);
      },
      { timeoutMs: 15_000 },
    );
    await settle();
    for (const owner of [agent, company]) {
      const [notice, ...more] = await bothLanguages('ae', owner);
      expect(more).toEqual([]);
      expect(notice.en).toMatchObject({
        kind: 'listing.approved',
        link: `/property/${card.slug}`,
        title: 'Your listing is live',
        body: 'Marina loft was approved and is now shown to customers.',
      });
      expect(notice.ar).toMatchObject({
        title: 'تم نشر إعلانك',
        body: 'تمت الموافقة على \u2068لوفت المارينا\u2069 وأصبح ظاهرًا للعملاء.',
      });
    }
    // Each e-mail in its reader's language: Arabic for the agent, English for the company.
    const [toAgent] = await h.emailsTo(agentEmail);
    expect(toAgent.subject).toBe('تم نشر إعلانك');
    expect(toAgent.text).toContain('وأصبح ظاهرًا للعملاء');
    expect((await h.emailsTo(companyEmail))[0].subject).toBe('Your listing is live');
    expect(await rowsOf([agent, company])).toEqual({ notifications: 2, emails: 2 });
  });

  it('tells the customer once, in their language, that the agent declined the appointment, e-mailing the booking’s address', async () => {
    const [customer, agent] = [randomUUID(), randomUUID()];
    const proved = await withChannels('ae', customer, 'user', 'ar');
    const facts = appointment(customer, agent);
    const rejected = newEvent(appointmentRejectedV1, 'ae', facts.appointmentId, {
      ...facts,
      decidedAt: new Date().toISOString(),
    });
    await h.bus.publish(TOPICS.listingsAppointment, rejected);
    await h.bus.publish(TOPICS.listingsAppointment, rejected);

    await expectEventually(async () => expect(await h.emailsTo(facts.customer.email)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    await settle();
    const [notice, ...more] = await bothLanguages('ae', customer);
    expect(more).toEqual([]);
    expect(notice.en).toMatchObject({
      kind: 'appointment.rejected',
      link: '/profile?tab=appointments',
      title: 'Your appointment was declined',
      body: 'The agent cannot make your viewing of Marina view on 01 Dec, 2026 at 03:30 PM. Please choose another time.',
    });
    expect(notice.ar.title).toBe('تم رفض موعدك');
    expect(notice.ar.body).toBe(
      'لا يستطيع الوسيط حضور معاينة لعقار \u2068إطلالة المارينا\u2069 يوم \u206801 ديسمبر، 2026\u2069 الساعة \u206803:30 م\u2069. يرجى اختيار وقت آخر.',
    );
    const [mail] = await h.emailsTo(facts.customer.email);
    expect(mail.subject).toBe('تم رفض موعدك');
    expect(mail.html).toContain('dir="rtl"');
    // The booking's address, not the proved one as well; the agent is told nothing.
    expect(await h.emailsTo(proved)).toEqual([]);
    expect((await h.inbox('ae', agent)).total).toBe(0);
    expect(await rowsOf([customer, agent])).toEqual({ notifications: 1, emails: 1 });
  });

  it('confirms an accepted bid to its bidder once, and says nothing of a bid still waiting for its fee', async () => {
    const [bidder, waiting] = [randomUUID(), randomUUID()];
    const email = await withChannels('ae', bidder, 'user', 'ar');
    const auctionId = randomUUID();
    const bid = (bidderId: string, status: 'accepted' | 'pending') =>
      newEvent(bidPlacedV1, 'ae', auctionId, {
        bidId: randomUUID(),
        auctionId,
        propertyId: randomUUID(),
        bidderId,
        amount: 1_005_000,
        biddingFee: 5_000,
        currency: 'AED',
        status,
        currentPrice: 1_005_000,
        placedAt: new Date().toISOString(),
      });
    const [accepted, pending] = [bid(bidder, 'accepted'), bid(waiting, 'pending')];
    for (const _twice of [1, 2]) {
      await h.bus.publish(TOPICS.auctionsAuction, pending);
      await h.bus.publish(TOPICS.auctionsAuction, accepted);
    }
    await expectEventually(
      async () => {
        expect(await h.emailsTo(email)).toHaveLength(1);
        // The pending bid's event was handled too (its inbox row), and told nobody.
        const handled = (await h.ds.query(
          `SELECT count(*)::int AS n FROM "inbox" WHERE "consumer" = 'notifications' AND "event_id" = $1`,
          [pending.id],
        )) as { n: number }[];
        expect(handled[0].n).toBe(1);
      },
      { timeoutMs: 15_000 },
    );
    await settle();
    const [notice, ...more] = await bothLanguages('ae', bidder);
    expect(more).toEqual([]);
    expect(notice.en).toMatchObject({
      kind: 'bid.accepted',
      link: '/properties-for-auction',
      title: 'Your bid was accepted',
      body: 'Your bid of AED 1,005,000 is in.',
    });
    expect(notice.ar).toMatchObject({
      title: 'تم قبول مزايدتك',
      body: 'تم تسجيل مزايدتك بمبلغ \u2068AED 1,005,000\u2069.',
    });
    expect((await h.emailsTo(email)).map((m) => m.subject)).toEqual(['تم قبول مزايدتك']);
    expect((await h.inbox('ae', waiting)).total).toBe(0);
    expect(await rowsOf([bidder, waiting])).toEqual({ notifications: 1, emails: 1 });
  });

  it('tells the winner of a closed auction they won and every other bidder it closed, once each, in their language', async () => {
    const [winner, loser, silent] = [randomUUID(), randomUUID(), randomUUID()];
    const winnerEmail = await withChannels('sa', winner, 'user', 'ar');
    const loserEmail = await withChannels('sa', loser, 'user', 'en');
    const auctionId = randomUUID();
    const closed = newEvent(auctionClosedV1, 'sa', auctionId, {
      auctionId,
      propertyId: randomUUID(),
      endsAt: new Date().toISOString(),
      closedAt: new Date().toISOString(),
      currency: 'SAR',
      winner: { bidId: randomUUID(), bidderId: winner, amount: 2_500_000 },
      bidderIds: [loser, winner, silent, loser],
    });
    await h.bus.publish(TOPICS.auctionsAuction, closed);
    await h.bus.publish(TOPICS.auctionsAuction, closed);

    await expectEventually(
      async () => {
        expect(await h.emailsTo(winnerEmail)).toHaveLength(1);
        expect(await h.emailsTo(loserEmail)).toHaveLength(1);
        expect((await h.inbox('sa', silent)).total).toBe(1);
      },
      { timeoutMs: 15_000 },
    );
    await settle();
    const [won, ...moreWon] = await bothLanguages('sa', winner);
    expect(moreWon).toEqual([]);
    expect(won.en).toMatchObject({
      kind: 'auction.won',
      link: '/properties-for-auction',
      title: 'You won the auction',
      body: 'Your bid of SAR 2,500,000 won. Our team will contact you.',
    });
    expect(won.ar).toMatchObject({
      title: 'فزت بالمزاد',
      body: 'فازت مزايدتك بمبلغ \u2068SAR 2,500,000\u2069. سيتواصل معك فريقنا.',
    });
    for (const other of [loser, silent]) {
      const [lost, ...moreLost] = await bothLanguages('sa', other);
      expect(moreLost).toEqual([]);
      expect(lost.en).toMatchObject({
        kind: 'auction.closed',
        title: 'The auction has closed',
        body: 'Another bid won this auction.',
      });
      expect(lost.ar).toMatchObject({ title: 'انتهى المزاد', body: 'فازت مزايدة أخرى بهذا المزاد.' });
    }
    expect((await h.emailsTo(winnerEmail))[0].subject).toBe('فزت بالمزاد');
    expect((await h.emailsTo(loserEmail))[0].subject).toBe('The auction has closed');
    expect(await rowsOf([winner, loser, silent])).toEqual({ notifications: 3, emails: 2 });

    // Closed without a winner (only bids whose fee never came, rejected at the close): nobody
    // is told another bid won.
    const unsold = randomUUID();
    await h.bus.publish(
      TOPICS.auctionsAuction,
      newEvent(auctionClosedV1, 'sa', unsold, {
        auctionId: unsold,
        propertyId: randomUUID(),
        endsAt: new Date().toISOString(),
        closedAt: new Date().toISOString(),
        currency: 'SAR',
        winner: null,
        bidderIds: [silent],
      }),
    );
    await expectEventually(async () => expect((await h.inbox('sa', silent)).total).toBe(2), {
      timeoutMs: 15_000,
    });
    const [latest] = await bothLanguages('sa', silent);
    expect(latest.en).toMatchObject({
      kind: 'auction.closed',
      title: 'The auction has closed',
      body: 'This auction closed without a winning bid, so your bid no longer stands.',
    });
    expect(latest.ar.body).toBe('انتهى هذا المزاد دون مزايدة فائزة، لذلك لم تعد مزايدتك قائمة.');
  });

  it('tells a plan holder once, in their language, that the plan they paid for is active', async () => {
    const holder = randomUUID();
    const email = await withChannels('sa', holder, 'company', 'ar');
    const subscriptionId = randomUUID();
    const activated = newEvent(subscriptionActivatedV1, 'sa', subscriptionId, {
      subscriptionId,
      accountId: holder,
      plan: 'Gold',
      propertyQuota: 25,
      agentQuota: 5,
      startsAt: new Date().toISOString(),
      endsAt: '2027-12-05T21:30:00.000Z',
    });
    await h.bus.publish(TOPICS.paymentsSubscription, activated);
    await h.bus.publish(TOPICS.paymentsSubscription, activated);

    await expectEventually(async () => expect(await h.emailsTo(email)).toHaveLength(1), {
      timeoutMs: 15_000,
    });
    await settle();
    const [notice, ...more] = await bothLanguages('sa', holder);
    expect(more).toEqual([]);
    expect(notice.en).toMatchObject({
      kind: 'payments.subscription.activated',
      link: '/manage-properties',
      title: 'Your subscription is active',
      body: 'Your Gold plan lets you list up to 25 properties.',
    });
    expect(notice.ar.title).toBe('اشتراكك مفعّل');
    expect(notice.ar.body).toContain('\u2068Gold\u2069');
    expect(notice.ar.body).toContain('\u206825\u2069');
    expect(notice.ar.body).not.toMatch(/[A-Za-z](?![^\u2068]*\u2069)/);
    const [mail] = await h.emailsTo(email);
    expect(mail.subject).toBe('اشتراكك مفعّل');
    expect(await rowsOf([holder])).toEqual({ notifications: 1, emails: 1 });
  });

  it('tells a customer whether their unit booking was paid, naming the unit and project (v2; a v1 says "your unit"), in their language, once, texting only a failure', async () => {
    const customer = randomUUID();
    const phone = '+966501230077';
    const email = `user-${customer.slice(0, 8)}@sa.manzil.test`;
    await h.publishAccount(
      newEvent(accountChannelsV1, 'sa', customer, {
        accountId: customer,
        role: 'user',
        language: 'ar',
        email,
        phone,
      }),
      { language: 'ar', phone },
    );
    const bookingId = randomUUID();
    const facts = {
      paymentId: randomUUID(),
      bookingId,
      unitId: randomUUID(),
      projectId: randomUUID(),
      customerId: customer,
      amount: 25_000,
      currency: 'SAR' as const,
    };
    // The checkout failed first (v2, as payments publishes it now: it names what was booked),
    // then (a later attempt) was paid (a v1 from before it: no name): both are told, each once.
    const failed = newEvent(unitBookingFailedV2, 'sa', bookingId, {
      ...facts,
      failedAt: new Date().toISOString(),
      booked: {
        projectSlug: 'al-malqa-residences',
        title: { en: 'Al Malqa · Apartment B-204', ar: 'مساكن الملقا · شقة B-204' },
      },
    });
    const paid = newEvent(unitBookingPaidV1, 'sa', bookingId, {
      ...facts,
      paymentId: randomUUID(),
      paidAt: new Date().toISOString(),
    });
    for (const _twice of [1, 2]) await h.bus.publish(TOPICS.paymentsUnitBooking, failed);
    for (const _twice of [1, 2]) await h.bus.publish(TOPICS.paymentsUnitBooking, paid);

    await expectEventually(
      async () => {
        expect(await h.emailsTo(email)).toHaveLength(2);
        expect(await h.smsTo(phone)).toHaveLength(1);
      },
      { timeoutMs: 20_000 },
    );
    await settle();
    const byKind = Object.fromEntries((await bothLanguages('sa', customer)).map((n) => [n.en.kind, n]));
    expect(Object.keys(byKind).sort()).toEqual([
      'payments.unit-booking.failed',
      'payments.unit-booking.paid',
    ]);
    expect(byKind['payments.unit-booking.paid'].en).toMatchObject({
      link: '/my-orders',
      title: 'Unit booking payment received',
      body: 'We received your payment of SAR 25,000 to book your unit. You can follow the booking in My orders.',
    });
    expect(byKind['payments.unit-booking.paid'].ar).toMatchObject({
      title: 'تم استلام دفعة حجز الوحدة',
      body: 'استلمنا دفعتك بمبلغ \u2068SAR 25,000\u2069 لحجز الوحدة. يمكنك متابعة الحجز من صفحة طلباتي.',
    });
    expect(byKind['payments.unit-booking.failed'].en).toMatchObject({
      link: '/my-orders',
      title: 'Unit booking not paid',
      body: 'Your payment of SAR 25,000 to book Al Malqa · Apartment B-204 did not go through, so the unit is no longer held for you. You can book it again while it is available.',
    });
    expect(byKind['payments.unit-booking.failed'].ar).toMatchObject({
      title: 'لم تُدفع قيمة حجز الوحدة',
      body: 'لم تتم عملية دفع مبلغ \u2068SAR 25,000\u2069 لحجز \u2068مساكن الملقا · شقة B-204\u2069، لذلك لم تعد الوحدة محجوزة لك. يمكنك حجزها مجددًا ما دامت متاحة.',
    });
    // E-mails in Arabic, the customer's language; the one text message is the failure's.
    expect((await h.emailsTo(email)).map((m) => m.subject).sort()).toEqual(
      ['تم استلام دفعة حجز الوحدة', 'لم تُدفع قيمة حجز الوحدة'].sort(),
    );
    expect((await h.smsTo(phone)).map((m) => m.body)).toEqual([
      'منزل: لم تُدفع قيمة حجز \u2068مساكن الملقا · شقة B-204\u2069 (\u2068SAR 25,000\u2069)، لذلك لم تعد الوحدة محجوزة لك.',
    ]);
    expect(await rowsOf([customer])).toEqual({ notifications: 2, emails: 2 });
  });
});
