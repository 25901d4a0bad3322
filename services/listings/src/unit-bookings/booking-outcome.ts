import type { EntityManager } from 'typeorm';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { TOPICS, unitBookingRefundDueV1, type Site } from '@manzil/contracts';
import { changeUnitStatus } from '../projects/unit-status.js';

interface LockedBooking {
  id: string;
  site: Site;
  unit_id: string;
  project_id: string;
  customer_id: string;
  status: 'held' | 'booked' | 'released';
  hold_expires_at: Date;
  refund_due_at: Date | null;
}

export type BookingOutcome = 'booked' | 'released' | 'refund-due' | 'unchanged' | 'missing' | 'not-ended';

const BOOKING_COLUMNS = `"id", "site", "unit_id", "project_id", "customer_id", "status", "hold_expires_at", "refund_due_at"`;

/** The booking row, locked after its project and unit (every writer of a unit locks in that order). */
async function lockBooking(manager: EntityManager, bookingId: string): Promise<LockedBooking | undefined> {
  const [booking] = (await manager.query(`SELECT ${BOOKING_COLUMNS} FROM "unit_bookings" WHERE "id" = $1`, [
    bookingId,
  ])) as LockedBooking[];
  if (!booking) return undefined;
  await manager.query(`SELECT 1 FROM "projects" WHERE "id" = $1 FOR UPDATE`, [booking.project_id]);
  await manager.query(`SELECT 1 FROM "project_units" WHERE "id" = $1 FOR UPDATE`, [booking.unit_id]);
  const [locked] = (await manager.query(
    `SELECT ${BOOKING_COLUMNS} FROM "unit_bookings" WHERE "id" = $1 FOR UPDATE`,
    [bookingId],
  )) as LockedBooking[];
  return locked;
}

/**
 * The hold ends without a booking: the payment failed, or nobody paid in time (`expired`,
 * only once the hold's end has passed). The unit is available again. Only a held booking is
 * released: a booked one (paid) stays booked, whatever comes late.
 */
export async function releaseBooking(
  manager: EntityManager,
  bookingId: string,
  reason: 'payment_failed' | 'expired',
  paymentId?: string,
): Promise<BookingOutcome> {
  const booking = await lockBooking(manager, bookingId);
  if (!booking) return 'missing';
  if (booking.status !== 'held') return 'unchanged';
  if (reason === 'expired' && booking.hold_expires_at.getTime() > Date.now()) return 'not-ended';
  await manager.query(
    `UPDATE "unit_bookings" SET "status" = 'released', "released_reason" = $2,
            "payment_id" = coalesce($3, "payment_id"), "updated_at" = now() WHERE "id" = $1`,
    [booking.id, reason, paymentId ?? null],
  );
  await changeUnitStatus(manager, booking.site, booking.project_id, booking.unit_id, 'available');
  return 'released';
}

/**
 * The booking was paid: the unit is sold (the vocabulary's taken-for-good status). Money taken
 * after the hold was released still books the unit if nobody else took it meanwhile; if it is
 * gone the booking stays released and, in this transaction, `unit.booking-refund-due` asks
 * payments to give the money back. `refund_due_at` makes that once per booking, whatever
 * number of times (or of events) its payment is reported.
 */
export async function bookPaidUnit(
  manager: EntityManager,
  bookingId: string,
  paymentId: string,
  requestId?: string,
): Promise<BookingOutcome> {
  const booking = await lockBooking(manager, bookingId);
  if (!booking) return 'missing';
  if (booking.status === 'booked') return 'unchanged';
  if (booking.status === 'released') {
    const [unit] = (await manager.query(`SELECT "status" FROM "project_units" WHERE "id" = $1`, [
      booking.unit_id,
    ])) as { status: string }[];
    if (unit?.status !== 'available') return refundDue(manager, booking, paymentId, requestId);
  }
  await manager.query(
    `UPDATE "unit_bookings" SET "status" = 'booked', "released_reason" = NULL, "payment_id" = $2,
            "updated_at" = now() WHERE "id" = $1`,
    [booking.id, paymentId],
  );
  await changeUnitStatus(manager, booking.site, booking.project_id, booking.unit_id, 'sold');
  return 'booked';
}

/** Paid, but the unit went to someone else after the release: the money is due back, asked once. */
async function refundDue(
  manager: EntityManager,
  booking: LockedBooking,
  paymentId: string,
  requestId: string | undefined,
): Promise<BookingOutcome> {
  if (booking.refund_due_at) return 'unchanged';
  await manager.query(
    `UPDATE "unit_bookings" SET "refund_due_at" = now(), "payment_id" = $2, "updated_at" = now() WHERE "id" = $1`,
    [booking.id, paymentId],
  );
  await enqueue(
    manager,
    TOPICS.listingsUnitBooking,
    newEvent(
      unitBookingRefundDueV1,
      booking.site,
      booking.id,
      {
        bookingId: booking.id,
        paymentId,
        unitId: booking.unit_id,
        projectId: booking.project_id,
        customerId: booking.customer_id,
        reason: 'unit-taken',
      },
      requestId,
    ),
  );
  return 'refund-due';
}
