import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  orderViewSchema,
  pageSchema,
  TOPICS,
  unitBookingHeldV1,
  unitBookingPaymentSchema,
  unitBookingRefundDueV1,
  type EventEnvelope,
  type UnitBookingPayment,
} from '@manzil/contracts';
import { createEventBus, newEvent, type EventBus } from '@manzil/bus';
import { expectEventually, testRedisUrl, tokenFor, waitForEvent } from '@manzil/testing';
import { PaymentsHarness } from './harness.js';

const PAID = 'payments.unit-booking.paid';
const FAILED = 'payments.unit-booking.failed';
const SLOW = { timeoutMs: 20_000, intervalMs: 100 };

describe('payments: unit bookings through the same Checkout and webhooks, and the orders page', () => {
  const h = new PaymentsHarness();
  let bus: EventBus;

  beforeAll(async () => {
    await h.start();
    bus = createEventBus({
      clientId: 'payments-booking-test',
      redisUrl: testRedisUrl(),
      namespace: h.namespace,
    });
  });
  afterAll(async () => {
    await bus?.close();
    await h.stop();
  });

  /** Listings' `unit.booking-held` for a new booking of `customerId`. */
  async function hold(customerId: string, amount = 150_000) {
    const bookingId = randomUUID();
    const event = newEvent(unitBookingHeldV1, 'sa', bookingId, {
      bookingId,
      unitId: randomUUID(),
      projectId: randomUUID(),
      projectSlug: 'al-malqa-residences',
      customerId,
      amount,
      currency: 'SAR',
      title: { en: 'Al Malqa Residences · Apartment B-204', ar: 'مساكن الملقا · شقة B-204' },
      holdExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    await bus.publish(TOPICS.listingsUnitBooking, event);
    return { bookingId, event };
  }

  const bookingOf = (bookingId: string, token: string) =>
    h
      .http()
      .get(`/v1/unit-bookings/${bookingId}`)
      .set('authorization', `Bearer ${token}`)
      .set('x-site', 'sa');

  const opened = (bookingId: string, token: string) =>
    expectEventually(async () => {
      const response = await bookingOf(bookingId, token).expect(200);
      expect(response.body.results.checkoutUrl).not.toBeNull();
      return unitBookingPaymentSchema.parse(response.body.results);
    }, SLOW);

  const sessionOf = (payment: UnitBookingPayment) => new URL(payment.checkoutUrl!).pathname.split('/').pop()!;

  const published = (type: string, bookingId: string) =>
    waitForEvent(
      testRedisUrl(),
      h.namespace,
      TOPICS.paymentsUnitBooking,
      (e: EventEnvelope) => e.type === type && (e.payload as { bookingId: string }).bookingId === bookingId,
    );

  /** Waits until payments has handled these events (inbox `payments`). */
  const inboxed = (events: EventEnvelope[]) =>
    expectEventually(
      async () =>
        expect(
          await h.count(`"inbox" WHERE "consumer" = 'payments' AND "event_id" = ANY($1::uuid[])`, [
            events.map((e) => e.id),
          ]),
        ).toBe(events.length),
      SLOW,
    );

  const outboxCount = (type: string, bookingId: string) =>
    h.count(`"outbox" WHERE "event"->>'type' = $1 AND "event"->'payload'->>'bookingId' = $2`, [
      type,
      bookingId,
    ]);

  it('a hold read twice opens one payment and one Checkout; paid, its webhook twice, publishes paid once', async () => {
    const customerId = randomUUID();
    const token = await tokenFor('user', { site: 'sa', sub: customerId });
    const { bookingId, event } = await hold(customerId);
    await bus.publish(TOPICS.listingsUnitBooking, event);
    const payment = await opened(bookingId, token);
    expect(payment).toMatchObject({
      bookingId,
      status: 'pending',
      amount: 150_000,
      currency: 'SAR',
      paidAt: null,
    });
    expect(await h.count(`"payments" WHERE "booking_id" = $1`, [bookingId])).toBe(1);
    expect(await (await fetch(payment.checkoutUrl!)).text()).toContain('150000.00 SAR');

    const paid = await h.decide(sessionOf(payment), 'pay', 'hold');
    expect(paid.redirectUrl).toBe(
      `http://sa.localhost:3000/payments/paymentSuccess?paymentId=${payment.paymentId}&bookingId=${bookingId}&session_id=${sessionOf(payment)}`,
    );
    const [delivery] = paid.events;
    expect((await h.deliver(delivery.eventId)).status).toBe(200);
    expect((await h.deliver(delivery.eventId)).status).toBe(200);
    expect(await h.payment(payment.paymentId)).toMatchObject({ status: 'paid', settled_by: 'webhook' });
    expect(await outboxCount(PAID, bookingId)).toBe(1);
    expect(await published(PAID, bookingId)).toMatchObject({
      site: 'sa',
      key: bookingId,
      version: 2,
      payload: {
        paymentId: payment.paymentId,
        bookingId,
        customerId,
        amount: 150_000,
        currency: 'SAR',
        // v2: what was booked, as the hold named it (the customer's notice names the unit).
        booked: {
          projectSlug: 'al-malqa-residences',
          title: { en: 'Al Malqa Residences · Apartment B-204', ar: 'مساكن الملقا · شقة B-204' },
        },
      },
    });
    expect((await bookingOf(bookingId, token).expect(200)).body.results).toMatchObject({
      status: 'paid',
      checkoutUrl: null,
    });
  });

  it('a failed checkout publishes failed once; the customer reads their orders with history, paged', async () => {
    const customerId = randomUUID();
    const token = await tokenFor('user', { site: 'sa', sub: customerId });
    const first = await hold(customerId, 90_000);
    const payment = await opened(first.bookingId, token);
    const failed = await h.decide(sessionOf(payment), 'fail');
    expect(failed.redirectUrl).toContain(
      `/payments/paymentFailed?paymentId=${payment.paymentId}&bookingId=${first.bookingId}`,
    );
    expect(await published(FAILED, first.bookingId)).toMatchObject({
      version: 2,
      payload: { amount: 90_000, booked: { projectSlug: 'al-malqa-residences' } },
    });
    expect(await outboxCount(FAILED, first.bookingId)).toBe(1);
    expect(await outboxCount(PAID, first.bookingId)).toBe(0);

    const second = await hold(customerId, 120_000);
    await opened(second.bookingId, token);
    const orders = (query: string, language: 'en' | 'ar' = 'en', as = token) =>
      h
        .http()
        .get(`/v1/orders${query}`)
        .set('authorization', `Bearer ${as}`)
        .set('x-site', 'sa')
        .set('language', language);
    const page = pageSchema(orderViewSchema).parse(
      (await orders('?kind=unit&limit=1', 'ar').expect(200)).body.results,
    );
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'unit',
      title: 'مساكن الملقا · شقة B-204',
      projectSlug: 'al-malqa-residences',
      status: 'pending',
      amount: 120_000,
    });
    const older = pageSchema(orderViewSchema).parse(
      (await orders('?page=2&limit=1').expect(200)).body.results,
    );
    expect(older.items[0]).toMatchObject({ id: payment.paymentId, status: 'canceled' });
    expect(older.items[0].history.map((entry) => entry.status)).toEqual(['pending', 'canceled']);
    const property = pageSchema(orderViewSchema).parse(
      (await orders('?kind=property').expect(200)).body.results,
    );
    expect(property.total).toBe(0);
    // Only their own, customers only, on their site.
    expect(
      (await orders('', 'en', await tokenFor('user', { site: 'sa' })).expect(200)).body.results.total,
    ).toBe(0);
    await orders('', 'en', await tokenFor('company', { site: 'sa', sub: customerId })).expect(403);
    await bookingOf(first.bookingId, await tokenFor('user', { site: 'sa' })).expect(404);
    await orders('?kind=car').expect(422);
    await h.http().get('/v1/orders').set('x-site', 'sa').expect(401);
  });

  it('gives a booking back when listings says its unit was taken, once however often it is said', async () => {
    const customerId = randomUUID();
    const token = await tokenFor('user', { site: 'sa', sub: customerId });
    const { bookingId, event: held } = await hold(customerId, 80_000);
    const payment = await opened(bookingId, token);
    await h.decide(sessionOf(payment), 'pay');
    await expectEventually(
      async () => expect(await h.payment(payment.paymentId)).toMatchObject({ status: 'paid' }),
      SLOW,
    );
    const facts = {
      bookingId,
      paymentId: payment.paymentId,
      unitId: held.payload.unitId,
      projectId: held.payload.projectId,
      customerId,
      reason: 'unit-taken' as const,
    };
    // Said on another site, or for another booking: that payment is not theirs to give back.
    const elsewhere = newEvent(unitBookingRefundDueV1, 'ae', bookingId, facts);
    const otherBooking = newEvent(unitBookingRefundDueV1, 'sa', bookingId, {
      ...facts,
      bookingId: randomUUID(),
    });
    await bus.publish(TOPICS.listingsUnitBooking, elsewhere);
    await bus.publish(TOPICS.listingsUnitBooking, otherBooking);
    await inboxed([elsewhere, otherBooking]);
    expect(await h.payment(payment.paymentId)).toMatchObject({ status: 'paid' });
    // The admin console: no refund due yet (those two were not this payment's to give back).
    const adminToken = await tokenFor('admin', { site: 'sa' });
    const consoleView = async () =>
      (
        (
          await h
            .http()
            .get(`/v1/admin/payments?purpose=unit_booking&accountId=${customerId}`)
            .set('x-site', 'sa')
            .set('authorization', `Bearer ${adminToken}`)
            .expect(200)
        ).body.results.items as { id: string; refundDueAt: string | null; status: string }[]
      ).find((item) => item.id === payment.paymentId);
    expect(await consoleView()).toMatchObject({ status: 'paid', refundDueAt: null });

    const due = newEvent(unitBookingRefundDueV1, 'sa', bookingId, facts);
    await bus.publish(TOPICS.listingsUnitBooking, due);
    await bus.publish(TOPICS.listingsUnitBooking, due);
    const refunded = await h.refundedByEvent(payment.paymentId);
    expect(refunded).toMatchObject({ site: 'sa', key: payment.paymentId });
    expect(refunded.payload).toMatchObject({
      accountId: customerId,
      purpose: 'unit_booking',
      amount: 80_000,
      currency: 'SAR',
      by: null,
    });
    // v2 names what was booked, as listings' hold did, for the customer's notice.
    expect(refunded.version).toBe(2);
    expect((refunded.payload as { unitBooking: unknown }).unitBooking).toEqual({
      bookingId,
      unitId: held.payload.unitId,
      projectId: held.payload.projectId,
      projectSlug: held.payload.projectSlug,
      title: held.payload.title,
    });
    // The console shows since when it was due: the event's time.
    expect(await consoleView()).toMatchObject({ status: 'refunded', refundDueAt: due.occurredAt });
    // The customer's booking and orders show it refunded.
    expect((await bookingOf(bookingId, token).expect(200)).body.results).toMatchObject({
      status: 'refunded',
    });

    // Said again later (another event for the same booking): nothing more is refunded.
    const later = newEvent(unitBookingRefundDueV1, 'sa', bookingId, facts);
    await bus.publish(TOPICS.listingsUnitBooking, later);
    await inboxed([due, later]);
    // The provider's charge.refunded came back: one refund at the provider, one Refunded, one event.
    const [{ provider_payment_intent: intent }] = (await h.ds.query(
      `SELECT "provider_payment_intent" FROM "payments" WHERE "id" = $1`,
      [payment.paymentId],
    )) as { provider_payment_intent: string }[];
    const charges = (
      await h.sandboxCall<{ id: string; type: string; data: { object: { payment_intent: string } } }[]>(
        'get',
        '/sandbox/stripe/events',
      )
    ).filter((e) => e.type === 'charge.refunded' && e.data.object.payment_intent === intent);
    expect(charges).toHaveLength(1);
    await expectEventually(
      async () => expect(await h.count(`"provider_events" WHERE "id" = $1`, [charges[0].id])).toBe(1),
      SLOW,
    );
    expect(
      await h.count(
        `"outbox" WHERE "event"->>'type' = 'payments.payment.refunded' AND "event"->>'key' = $1`,
        [payment.paymentId],
      ),
    ).toBe(1);
    expect(await h.payment(payment.paymentId)).toMatchObject({ status: 'refunded', refunded_by: null });
    // Said again later: it stays due since the first word.
    expect((await consoleView())?.refundDueAt).toBe(due.occurredAt);
  });
});
