import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import {
  auctionCanceledV1,
  auctionCanceledV2,
  paymentRefundedV1,
  paymentRefundedV2,
} from './admin-console.js';
import { topicOfEvent } from './event-topics.js';
import { TOPICS } from './topics.js';

describe('admin console events v1 (contract)', () => {
  it('auction.canceled is on auctions.auction, payments.payment.refunded on payments.payment', () => {
    expect(auctionCanceledV1.version).toBe(1);
    expect(topicOfEvent(auctionCanceledV1.type)).toBe(TOPICS.auctionsAuction);
    expect(paymentRefundedV1.version).toBe(1);
    expect(topicOfEvent(paymentRefundedV1.type)).toBe(TOPICS.paymentsPayment);
  });

  it('auction.canceled names who cancelled and every bidder', () => {
    const canceled = {
      auctionId: randomUUID(),
      propertyId: randomUUID(),
      canceledAt: new Date().toISOString(),
      by: randomUUID(),
      reason: null,
      bidderIds: [randomUUID()],
    };
    expect(auctionCanceledV1.payload.parse(canceled)).toEqual(canceled);
    expect(auctionCanceledV1.payload.safeParse({ ...canceled, by: 'admin' }).success).toBe(false);
    const { bidderIds: _omitted, ...withoutBidders } = canceled;
    expect(auctionCanceledV1.payload.safeParse(withoutBidders).success).toBe(false);
  });

  it('auction.canceled v2 says why: an admin (by the admin) or the listing withdrawn (by nobody)', () => {
    const canceled = {
      auctionId: randomUUID(),
      propertyId: randomUUID(),
      canceledAt: new Date().toISOString(),
      by: null,
      reason: 'sold',
      bidderIds: [],
      cause: 'listing-withdrawn',
    };
    expect(auctionCanceledV2.version).toBe(2);
    expect(auctionCanceledV2.type).toBe(auctionCanceledV1.type);
    expect(auctionCanceledV2.payload.parse(canceled)).toEqual(canceled);
    expect(auctionCanceledV2.payload.safeParse({ ...canceled, cause: undefined }).success).toBe(false);
    expect(auctionCanceledV2.payload.safeParse({ ...canceled, cause: 'weather' }).success).toBe(false);
    // v1 readers never get a null `by`: v2 is only published where v1 could not say it.
    expect(auctionCanceledV1.payload.safeParse(canceled).success).toBe(false);
  });

  it('payments.payment.refunded carries the amount, the refund and what it revoked', () => {
    const refunded = {
      paymentId: randomUUID(),
      accountId: randomUUID(),
      purpose: 'subscription',
      amount: 1422,
      currency: 'AED',
      refundId: 're_123',
      subscriptionId: randomUUID(),
      refundedAt: new Date().toISOString(),
      by: null,
    };
    expect(paymentRefundedV1.payload.parse(refunded)).toEqual(refunded);
    expect(paymentRefundedV1.payload.safeParse({ ...refunded, currency: 'USD' }).success).toBe(false);
    expect(paymentRefundedV1.payload.safeParse({ ...refunded, amount: -1 }).success).toBe(false);
  });

  it('payments.payment.refunded v2 names the unit booking it refunded, or null', () => {
    const refunded = {
      paymentId: randomUUID(),
      accountId: randomUUID(),
      purpose: 'unit_booking',
      amount: 5000,
      currency: 'SAR',
      refundId: 're_456',
      subscriptionId: null,
      refundedAt: new Date().toISOString(),
      by: null,
      unitBooking: {
        bookingId: randomUUID(),
        unitId: randomUUID(),
        projectId: randomUUID(),
        projectSlug: 'palm-towers',
        title: { en: 'Palm Towers · 2 bedrooms · A-101', ar: 'أبراج النخيل · غرفتا نوم · A-101' },
      },
    };
    expect(paymentRefundedV2.type).toBe(paymentRefundedV1.type);
    expect(paymentRefundedV2.version).toBe(2);
    expect(topicOfEvent(paymentRefundedV2.type)).toBe(TOPICS.paymentsPayment);
    expect(paymentRefundedV2.payload.parse(refunded)).toEqual(refunded);
    expect(paymentRefundedV2.payload.parse({ ...refunded, unitBooking: null }).unitBooking).toBeNull();
    expect(paymentRefundedV2.payload.safeParse({ ...refunded, unitBooking: undefined }).success).toBe(false);
    expect(
      paymentRefundedV2.payload.safeParse({
        ...refunded,
        unitBooking: { ...refunded.unitBooking, title: { en: 'Palm Towers', ar: '' } },
      }).success,
    ).toBe(false);
  });
});
