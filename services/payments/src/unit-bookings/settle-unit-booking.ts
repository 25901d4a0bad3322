import type { EntityManager } from 'typeorm';
import { TOPICS, unitBookingFailedV2, unitBookingPaidV2, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import type { Settlement, SettledBy, SettleOutcome } from '../checkout/settle-payment.js';
import { settleOneOff } from '../checkout/settle-one-off.js';

interface UnitBookingRow {
  id: string;
  site: Site;
  account_id: string;
  booking_id: string;
  unit_id: string;
  project_id: string;
  amount: string;
  currency: 'AED' | 'SAR';
  project_slug: string | null;
  title_en: string | null;
  title_ar: string | null;
}

/**
 * A unit booking's payment settled by the provider's word (settleOneOff's monotonic rules), and
 * in the same transaction `payments.unit-booking.paid` or `.failed` (v2: with what was booked,
 * as the hold named it, for the customer's notice), keyed by the booking, for listings to book
 * the unit or release it.
 */
export async function settleUnitBooking(
  manager: EntityManager,
  paymentId: string,
  settlement: Settlement,
  settledBy: SettledBy,
): Promise<SettleOutcome> {
  const at = await settleOneOff(manager, paymentId, settlement, settledBy);
  if (!at) return 'unchanged';
  const [payment] = (await manager.query(
    `SELECT "id", "site", "account_id", "booking_id", "unit_id", "project_id", "amount", "currency",
            "project_slug", "title_en", "title_ar"
       FROM "payments" WHERE "id" = $1`,
    [paymentId],
  )) as UnitBookingRow[];
  const facts = {
    paymentId: payment.id,
    bookingId: payment.booking_id,
    unitId: payment.unit_id,
    projectId: payment.project_id,
    customerId: payment.account_id,
    amount: Number(payment.amount),
    currency: payment.currency,
    booked:
      payment.project_slug && payment.title_en && payment.title_ar
        ? { projectSlug: payment.project_slug, title: { en: payment.title_en, ar: payment.title_ar } }
        : null,
  };
  await enqueue(
    manager,
    TOPICS.paymentsUnitBooking,
    settlement === 'paid'
      ? newEvent(unitBookingPaidV2, payment.site, payment.booking_id, { ...facts, paidAt: at })
      : newEvent(unitBookingFailedV2, payment.site, payment.booking_id, { ...facts, failedAt: at }),
  );
  return 'settled';
}
