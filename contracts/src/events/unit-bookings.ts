import { z } from 'zod';

/**
 * unit.booking-held v1 (topic `listings.unit-booking`, key = booking id): listings holds a unit
 * (`reserved`) for a Saudi resident; payments opens the booking's Checkout (purpose
 * `unit_booking`). The hold ends at `holdExpiresAt` unless the payment is made.
 */
export const unitBookingHeldV1 = {
  type: 'unit.booking-held',
  version: 1,
  payload: z.object({
    bookingId: z.uuid(),
    unitId: z.uuid(),
    projectId: z.uuid(),
    projectSlug: z.string().min(1),
    customerId: z.uuid(),
    amount: z.number().positive(),
    currency: z.enum(['AED', 'SAR']),
    /** What the customer books, in both languages (the Checkout line and the orders page). */
    title: z.object({ en: z.string().min(1), ar: z.string().min(1) }),
    holdExpiresAt: z.iso.datetime(),
  }),
} as const;

const unitBookingPayment = {
  paymentId: z.uuid(),
  bookingId: z.uuid(),
  unitId: z.uuid(),
  projectId: z.uuid(),
  customerId: z.uuid(),
  amount: z.number().nonnegative(),
  currency: z.enum(['AED', 'SAR']),
};

/**
 * payments.unit-booking.paid v1 (topic `payments.unit-booking`, key = booking id): the booking
 * was paid; listings books the unit (`sold`).
 */
export const unitBookingPaidV1 = {
  type: 'payments.unit-booking.paid',
  version: 1,
  payload: z.object({ ...unitBookingPayment, paidAt: z.iso.datetime() }),
} as const;

/**
 * payments.unit-booking.failed v1: the booking's checkout failed or expired; listings releases
 * the unit. A later `paid` (money taken after all) may follow.
 */
export const unitBookingFailedV1 = {
  type: 'payments.unit-booking.failed',
  version: 1,
  payload: z.object({ ...unitBookingPayment, failedAt: z.iso.datetime() }),
} as const;

/**
 * What a unit booking booked, as `unit.booking-held` named it (payments keeps it on the
 * payment): the project's slug and the title in both languages ("project · layout · unit").
 * Null only for a payment that does not hold it.
 */
const bookedUnit = z
  .object({
    projectSlug: z.string().min(1),
    title: z.object({ en: z.string().min(1), ar: z.string().min(1) }),
  })
  .nullable();

/**
 * payments.unit-booking.paid v2: as v1, and `booked` (what was booked), so the customer's notice
 * names the unit and project in their language (issue 14 audit). Payments publishes v2;
 * consumers read v1 and v2 (a v1 still in the stream names no unit).
 */
export const unitBookingPaidV2 = {
  type: 'payments.unit-booking.paid',
  version: 2,
  payload: unitBookingPaidV1.payload.extend({ booked: bookedUnit }),
} as const;

/** payments.unit-booking.failed v2: as v1, and `booked` (as `.paid` v2). */
export const unitBookingFailedV2 = {
  type: 'payments.unit-booking.failed',
  version: 2,
  payload: unitBookingFailedV1.payload.extend({ booked: bookedUnit }),
} as const;

/**
 * unit.booking-refund-due v1 (topic `listings.unit-booking`, key = booking id): a booking was
 * paid after its hold had been released (expired, or a failed payment before a late success)
 * and the unit had been taken by someone else meanwhile, so listings cannot book it and the
 * money goes back. Written once per booking, in the transaction that reads the payment. Payments
 * refunds the payment through the provider, once (`payments.payment.refunded` follows).
 */
export const unitBookingRefundDueV1 = {
  type: 'unit.booking-refund-due',
  version: 1,
  payload: z.object({
    bookingId: z.uuid(),
    paymentId: z.uuid(),
    unitId: z.uuid(),
    projectId: z.uuid(),
    customerId: z.uuid(),
    reason: z.enum(['unit-taken']),
  }),
} as const;
