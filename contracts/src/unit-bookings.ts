import { z } from 'zod';
import { paginationQuerySchema } from './envelope.js';
import { PAYMENT_STATUSES } from './payments.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Online booking of a project unit (spec §6: Saudi site, Saudi residents only). Listings holds
 * the unit (`reserved`) and publishes `unit.booking-held`; payments opens its Checkout like a
 * bidding fee; the payment's outcome books the unit (`sold`) or releases it. A hold nobody pays
 * is released after `UNIT_HOLD_MS` (30 minutes by default).
 */
export const UNIT_BOOKING_STATUSES = ['held', 'booked', 'released'] as const;
export type UnitBookingStatus = (typeof UNIT_BOOKING_STATUSES)[number];

/** A Saudi resident, for the booking: a customer verified through Nafath (identity's event). */
export const UNIT_BOOKING_SITES = ['sa'] as const;

export const unitBookingParamsSchema = lazySchema(() => z.object({ unitId: z.uuid() }));

/** What listings answers when it holds a unit (201). */
export const unitBookingSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    unitId: z.uuid(),
    projectId: z.uuid(),
    status: z.enum(UNIT_BOOKING_STATUSES),
    /** The booking amount: the project's booking share of the unit's price. */
    amount: z.number().positive(),
    currency: z.enum(['AED', 'SAR']),
    holdExpiresAt: z.iso.datetime(),
  }),
);
export type UnitBooking = z.infer<typeof unitBookingSchema>;

export const unitBookingPaymentParamsSchema = lazySchema(() => z.object({ bookingId: z.uuid() }));

/** Payments' view of a booking's payment: where the browser pays while it is Pending. */
export const unitBookingPaymentSchema = lazySchema(() =>
  z.object({
    paymentId: z.uuid(),
    bookingId: z.uuid(),
    unitId: z.uuid(),
    projectId: z.uuid(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    currency: z.enum(['AED', 'SAR']),
    checkoutUrl: z.url().nullable(),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
  }),
);
export type UnitBookingPayment = z.infer<typeof unitBookingPaymentSchema>;

/**
 * `/my-orders` (spec §2, Saudi only): unit orders (online bookings of project units) and
 * property orders (payments made for a property: today the bidding fees of auctioned ones).
 */
export const ORDER_KINDS = ['unit', 'property'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const orderListQuerySchema = lazySchema(() =>
  paginationQuerySchema.extend({ kind: z.enum(ORDER_KINDS).optional() }),
);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderViewSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    kind: z.enum(ORDER_KINDS),
    /** What was ordered, in the request's language. */
    title: z.string(),
    /** The project's slug (unit orders), for a link back to it. */
    projectSlug: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number(),
    currency: z.enum(['AED', 'SAR']),
    createdAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    /** Every status the order went through, oldest first. */
    history: z.array(z.object({ status: z.enum(PAYMENT_STATUSES), at: z.iso.datetime() })),
  }),
);
export type OrderView = z.infer<typeof orderViewSchema>;

/** The endpoints, relative to each service (`/api/listings`, `/api/payments`). */
export const UNIT_BOOKINGS_API = {
  /** Listings, POST (customers, Saudi site): hold the unit and start its booking. */
  book: (unitId: string) => `/v1/units/${unitId}/bookings`,
  /** Payments, GET: the booking's payment (404 until payments has read `unit.booking-held`). */
  payment: (bookingId: string) => `/v1/unit-bookings/${bookingId}`,
  /** Payments, GET: the customer's orders. */
  orders: '/v1/orders',
} as const;
