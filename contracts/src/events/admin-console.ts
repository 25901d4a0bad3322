import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';

/**
 * Events of the admin console (issue 13 item 8): an auction cancelled by an admin, and a
 * payment refunded by one. A breaking change is a new version, never an edit.
 */

const currency = lazySchema(() => z.enum(['AED', 'SAR']));

/**
 * auction.canceled v1: an admin cancelled an auction before it was settled, on
 * `auctions.auction` keyed by the auction. No winner; `bidderIds` are everyone who had bid
 * (notifications tell them), their bids rejected.
 */
export const auctionCanceledV1 = {
  type: 'auction.canceled',
  version: 1,
  payload: z.object({
    auctionId: z.uuid(),
    propertyId: z.uuid(),
    canceledAt: z.iso.datetime(),
    /** The admin who cancelled it. */
    by: z.uuid(),
    reason: z.string().nullable(),
    bidderIds: z.array(z.uuid()),
  }),
} as const;

/**
 * auction.canceled v2: as v1, and it says why. `cause: 'admin'` is an admin's cancellation
 * (`by` the admin, as v1); `'listing-withdrawn'`: the property left the market (sold, taken
 * off, deleted or rejected) before the auction ended, so auctions ended it itself: `by` is
 * null and `reason` the listing's (`sold`, `inactive`, `deleted`, `rejected`). v1 stays
 * readable; an admin's cancellation still publishes v1.
 */
export const auctionCanceledV2 = {
  type: 'auction.canceled',
  version: 2,
  payload: auctionCanceledV1.payload.extend({
    by: z.uuid().nullable(),
    cause: z.enum(['admin', 'listing-withdrawn']),
  }),
} as const;

/**
 * payments.payment.refunded v1: money taken for a payment went back to the payer (a manual
 * refund by an admin, or one made at the provider and reported by its `charge.refunded`), on
 * `payments.payment` keyed by the payment. `subscriptionId`: the subscription it had bought,
 * revoked from `refundedAt` (its `payments.subscription.expired` follows in the same
 * transaction), or null.
 */
export const paymentRefundedV1 = {
  type: 'payments.payment.refunded',
  version: 1,
  payload: z.object({
    paymentId: z.uuid(),
    accountId: z.uuid(),
    purpose: z.string(),
    amount: z.number().nonnegative(),
    currency,
    refundId: z.string(),
    subscriptionId: z.uuid().nullable(),
    refundedAt: z.iso.datetime(),
    /** The admin who refunded it; null when it was made at the provider. */
    by: z.uuid().nullable(),
  }),
} as const;

/**
 * payments.payment.refunded v2: as v1, and for a unit booking what was booked
 * (`unitBooking`: the booking, unit and project, the project's slug and what was booked in both
 * languages, as `unit.booking-held` named it), so the customer's notice says which unit of which
 * project the money was for; null for other purposes. Payments publishes v2; v1 stays readable.
 */
export const paymentRefundedV2 = {
  type: 'payments.payment.refunded',
  version: 2,
  payload: paymentRefundedV1.payload.extend({
    unitBooking: z
      .object({
        bookingId: z.uuid(),
        unitId: z.uuid(),
        projectId: z.uuid(),
        projectSlug: z.string().min(1),
        title: z.object({ en: z.string().min(1), ar: z.string().min(1) }),
      })
      .nullable(),
  }),
} as const;
