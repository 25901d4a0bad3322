import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { topicOfEvent } from './event-topics.js';
import { TOPICS, TOPIC_LIST } from './topics.js';
import {
  unitBookingFailedV1,
  unitBookingFailedV2,
  unitBookingHeldV1,
  unitBookingPaidV1,
  unitBookingPaidV2,
  unitBookingRefundDueV1,
} from './unit-bookings.js';

const payment = () => ({
  paymentId: randomUUID(),
  bookingId: randomUUID(),
  unitId: randomUUID(),
  projectId: randomUUID(),
  customerId: randomUUID(),
  amount: 12_500,
  currency: 'SAR',
});

describe('unit booking events v1 (contract)', () => {
  it('are published on listings.unit-booking and payments.unit-booking, declared topics', () => {
    expect(unitBookingHeldV1.version).toBe(1);
    expect(topicOfEvent(unitBookingHeldV1.type)).toBe('listings.unit-booking');
    for (const def of [unitBookingPaidV1, unitBookingFailedV1]) {
      expect(def.version).toBe(1);
      expect(topicOfEvent(def.type)).toBe(TOPICS.paymentsUnitBooking);
    }
    expect(TOPICS.paymentsUnitBooking).toBe('payments.unit-booking');
    expect(TOPIC_LIST.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'listings.unit-booking',
        'listings.unit-booking.dlq',
        'payments.unit-booking',
        'payments.unit-booking.dlq',
      ]),
    );
  });

  it('unit.booking-held names the booking, unit, project, customer, amount, title and hold end', () => {
    const held = {
      bookingId: randomUUID(),
      unitId: randomUUID(),
      projectId: randomUUID(),
      projectSlug: 'palm-gardens',
      customerId: randomUUID(),
      amount: 12_500,
      currency: 'SAR',
      title: { en: 'Palm Gardens: Apartment, 2 bedrooms', ar: 'حدائق النخيل: شقة، غرفتا نوم' },
      holdExpiresAt: new Date().toISOString(),
    };
    expect(unitBookingHeldV1.payload.parse(held)).toEqual(held);
    expect(unitBookingHeldV1.payload.safeParse({ ...held, amount: 0 }).success).toBe(false);
    expect(unitBookingHeldV1.payload.safeParse({ ...held, title: { en: 'x' } }).success).toBe(false);
    expect(unitBookingHeldV1.payload.safeParse({ ...held, holdExpiresAt: 'soon' }).success).toBe(false);
  });

  it('paid and failed carry the payment facts and when', () => {
    const paid = { ...payment(), paidAt: new Date().toISOString() };
    expect(unitBookingPaidV1.payload.parse(paid)).toEqual(paid);
    expect(unitBookingPaidV1.payload.safeParse({ ...paid, currency: 'USD' }).success).toBe(false);
    const failed = { ...payment(), failedAt: new Date().toISOString() };
    expect(unitBookingFailedV1.payload.parse(failed)).toEqual(failed);
    const { bookingId: _omitted, ...withoutBooking } = failed;
    expect(unitBookingFailedV1.payload.safeParse(withoutBooking).success).toBe(false);
  });

  it('unit.booking-refund-due (listings → payments) is on listings.unit-booking and says which payment and why', () => {
    expect(unitBookingRefundDueV1.version).toBe(1);
    expect(topicOfEvent(unitBookingRefundDueV1.type)).toBe(TOPICS.listingsUnitBooking);
    const { amount: _a, currency: _c, ...ids } = payment();
    const due = { ...ids, reason: 'unit-taken' };
    expect(unitBookingRefundDueV1.payload.parse(due)).toEqual(due);
    expect(unitBookingRefundDueV1.payload.safeParse({ ...due, reason: 'changed my mind' }).success).toBe(
      false,
    );
    const { paymentId: _p, ...withoutPayment } = due;
    expect(unitBookingRefundDueV1.payload.safeParse(withoutPayment).success).toBe(false);
    const { bookingId: _b, ...withoutBooking } = due;
    expect(unitBookingRefundDueV1.payload.safeParse(withoutBooking).success).toBe(false);
  });

  it('paid and failed v2 add what was booked (slug, title en/ar), same type and topic; v1 stays readable', () => {
    const booked = {
      projectSlug: 'palm-gardens',
      title: { en: 'Palm Gardens · Apartment · B-202', ar: 'حدائق النخيل · شقة · B-202' },
    };
    for (const [v1, v2, at] of [
      [unitBookingPaidV1, unitBookingPaidV2, 'paidAt'],
      [unitBookingFailedV1, unitBookingFailedV2, 'failedAt'],
    ] as const) {
      expect(v2.type).toBe(v1.type);
      expect([v1.version, v2.version]).toEqual([1, 2]);
      expect(topicOfEvent(v2.type)).toBe(TOPICS.paymentsUnitBooking);
      const facts = { ...payment(), [at]: new Date().toISOString() };
      const event = { ...facts, booked };
      expect(v2.payload.parse(event)).toEqual(event);
      expect(v2.payload.parse({ ...facts, booked: null }).booked).toBeNull();
      // `booked` is required in v2 (null when unknown), so a v1 payload is not silently a v2.
      expect(v2.payload.safeParse(facts).success).toBe(false);
      expect(v2.payload.safeParse({ ...event, booked: { ...booked, title: { en: 'x' } } }).success).toBe(
        false,
      );
      // Backward-readable: v1's schema still reads a v1 payload, and ignores v2's addition.
      expect(v1.payload.parse(facts)).toEqual(facts);
      expect(v1.payload.parse(event)).toEqual(facts);
    }
  });
});
