import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import {
  paymentRefundedV2,
  TOPICS,
  type EventEnvelope,
  type RefundPaymentBody,
  type Site,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { AppException, EventInbox } from '@manzil/nest-kit';
import { STRIPE } from '../checkout/stripe.provider.js';
import { enqueueExpired } from '../subscriptions/views.js';

type ProviderPayment = Pick<
  RefundablePayment,
  'id' | 'status' | 'provider_session_id' | 'provider_payment_intent'
>;

interface RefundablePayment {
  id: string;
  site: Site;
  account_id: string;
  purpose: string;
  status: string;
  amount: string;
  currency: 'AED' | 'SAR';
  provider_session_id: string | null;
  provider_payment_intent: string | null;
  subscription_id: string | null;
  /** A unit booking's (null for other purposes): what `unit.booking-held` said was booked. */
  booking_id: string | null;
  unit_id: string | null;
  project_id: string | null;
  project_slug: string | null;
  title_en: string | null;
  title_ar: string | null;
}

/**
 * Marks a payment Refunded, once, under its row lock, in the caller's transaction: the
 * subscription it bought is revoked now (`ended_reason = 'refunded'`, and
 * `payments.subscription.expired` so identity and listings end the entitlement), and
 * `payments.payment.refunded` is written to the outbox. Called by the admin's refund and by
 * the provider's `charge.refunded` webhook, whichever comes first; the other finds it done.
 * Answers whether it changed anything.
 */
export async function recordRefund(
  manager: EntityManager,
  where: { paymentId: string } | { paymentIntent: string },
  refund: { refundId: string; by: string | null },
): Promise<boolean> {
  const [payment] = (await manager.query(
    `SELECT "id", "site", "account_id", "purpose", "status", "amount", "currency", "subscription_id",
            "booking_id", "unit_id", "project_id", "project_slug", "title_en", "title_ar"
       FROM "payments" WHERE ${'paymentId' in where ? `"id" = $1` : `"provider_payment_intent" = $1`} FOR UPDATE`,
    ['paymentId' in where ? where.paymentId : where.paymentIntent],
  )) as RefundablePayment[];
  if (!payment) return false;
  if (payment.status === 'refunded' && refund.by) {
    // The provider's webhook got here first: the refund is the admin's all the same.
    await manager.query(
      `UPDATE "payments" SET "refunded_by" = $2 WHERE "id" = $1 AND "refunded_by" IS NULL`,
      [payment.id, refund.by],
    );
  }
  if (payment.status !== 'paid') return false;
  // TypeORM answers an UPDATE … RETURNING as [rows, count].
  const [[{ refunded_at }]] = (await manager.query(
    `UPDATE "payments" SET "status" = 'refunded', "refunded_at" = now(), "refunded_by" = $2,
            "provider_refund_id" = $3, "updated_at" = now()
      WHERE "id" = $1 RETURNING "refunded_at"`,
    [payment.id, refund.by, refund.refundId],
  )) as [{ refunded_at: Date }[], number];
  if (payment.subscription_id) {
    const [ended] = (await manager.query(
      `UPDATE "subscriptions" s SET "ended_at" = now(), "ended_reason" = 'refunded'
         FROM "plans" p
        WHERE s."id" = $1 AND s."ended_at" IS NULL AND p."id" = s."plan_id"
        RETURNING s."id", s."account_id", s."ended_at", p."name"`,
      [payment.subscription_id],
    )) as [{ id: string; account_id: string; ended_at: Date; name: string }[], number];
    for (const row of ended) {
      // v1 knows `ended` and `upgraded`: a revoked subscription has simply ended, now.
      await enqueueExpired(manager, payment.site, {
        id: row.id,
        accountId: row.account_id,
        plan: row.name,
        endedAt: row.ended_at,
        reason: 'ended',
      });
    }
  }
  await enqueue(
    manager,
    TOPICS.paymentsPayment,
    newEvent(paymentRefundedV2, payment.site, payment.id, {
      paymentId: payment.id,
      accountId: payment.account_id,
      purpose: payment.purpose,
      amount: Number(payment.amount),
      currency: payment.currency,
      refundId: refund.refundId,
      subscriptionId: payment.subscription_id,
      refundedAt: refunded_at.toISOString(),
      by: refund.by,
      unitBooking: unitBookingOf(payment),
    }),
  );
  return true;
}

/** What a unit booking's payment booked, for the refund's notice (v2's `unitBooking`); null for other purposes. */
function unitBookingOf(payment: RefundablePayment) {
  const { booking_id, unit_id, project_id, project_slug, title_en, title_ar } = payment;
  if (payment.purpose !== 'unit_booking' || !booking_id || !unit_id || !project_id || !project_slug)
    return null;
  if (!title_en || !title_ar) return null;
  return {
    bookingId: booking_id,
    unitId: unit_id,
    projectId: project_id,
    projectSlug: project_slug,
    title: { en: title_en, ar: title_ar },
  };
}

/**
 * Money another service says is due back, and whose word names the payment's owner: a bid's
 * fee (auctions' `bid.fee-refund-due`) or a unit booking (listings' `unit.booking-refund-due`).
 */
export type RefundDue =
  { purpose: 'bid_fee'; bidId: string } | { purpose: 'unit_booking'; bookingId: string };

/** Per purpose: the column of `payments` naming the owner, and what the provider's metadata calls it and the cause. */
const DUE = {
  bid_fee: { column: 'bid_id', key: 'bidId', cause: 'bid-fee-refund-due' },
  unit_booking: { column: 'booking_id', key: 'bookingId', cause: 'unit-booking-refund-due' },
} as const;

/**
 * A refund of a Paid payment through the official client: an admin's manual refund of a
 * payment of their site, or money another service says is due back (a bid's fee, a unit
 * booking). Either way: the session's payment intent (asked of the provider, and kept on the
 * payment so its `charge.refunded` finds it), then `refunds.create` with the idempotency key
 * `refund-<payment>`, so a retried or doubled request refunds once. The provider's answer is
 * recorded at once (the webhook that follows changes nothing); if the provider cannot be
 * reached nothing is recorded and the admin is told to try again (503).
 */
@Injectable()
export class RefundPayment {
  private readonly logger = new Logger('refund-payment');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    private readonly inbox: EventInbox,
  ) {}

  async execute(site: Site, paymentId: string, adminId: string, body: RefundPaymentBody): Promise<void> {
    const [payment] = (await this.dataSource.query(
      `SELECT "id", "status", "provider_session_id", "provider_payment_intent" FROM "payments" WHERE "id" = $1 AND "site" = $2`,
      [paymentId, site],
    )) as ProviderPayment[];
    if (!payment) throw new AppException('NOT_FOUND');
    if (payment.status !== 'paid' || !payment.provider_session_id)
      throw new AppException('PAYMENT_NOT_REFUNDABLE', 422);
    const refund = await this.refundAtProvider(payment, {
      reason: body.reason,
      metadata: { paymentId: payment.id, adminId },
    });
    await this.dataSource.transaction((manager) => this.record(manager, payment.id, refund, adminId));
  }

  /**
   * A refund another service's event says is due (`bid.fee-refund-due`, `unit.booking-refund-due`):
   * the payment of that site, purpose and owner only, refunded the same way, by nobody
   * (`refunded_by` null), and recorded in the event's inbox transaction (inbox `payments`), so
   * the event is handled once. Already refunded (an admin was quicker, or an earlier delivery),
   * or never paid: the provider is not asked. If it cannot be reached this throws and nothing is
   * recorded, so the bus delivers the event again; the idempotency key keeps that to one refund.
   * The provider is asked before the inbox transaction, which is shared and must stay short.
   * Answers whether this delivery refunded the payment.
   */
  async refundDue(event: EventEnvelope<{ paymentId: string }>, due: RefundDue): Promise<boolean> {
    const { column, key, cause } = DUE[due.purpose];
    const ownerId = due.purpose === 'bid_fee' ? due.bidId : due.bookingId;
    // When it became due (the event's time), kept from the first delivery on, before the provider
    // is asked: the console shows a refund due and not yet through (the provider unreachable).
    const [[payment]] = (await this.dataSource.query(
      `UPDATE "payments" SET "refund_due_at" = coalesce("refund_due_at", $5)
        WHERE "id" = $1 AND "site" = $2 AND "purpose" = $3 AND "${column}" = $4
        RETURNING "id", "status", "provider_session_id", "provider_payment_intent"`,
      [event.payload.paymentId, event.site, due.purpose, ownerId, event.occurredAt],
    )) as [ProviderPayment[], number];
    let refund: Stripe.Refund | null = null;
    if (payment?.status === 'paid' && payment.provider_session_id) {
      try {
        refund = await this.refundAtProvider(payment, {
          metadata: { paymentId: payment.id, [key]: ownerId, cause },
        });
      } catch (error) {
        // Refunded at the provider meanwhile: its `charge.refunded` records it.
        if (!(error instanceof AppException && error.status === 422)) throw error;
      }
    }
    let refunded = false;
    await this.inbox.handleOnce(event, async (manager) => {
      if (refund) refunded = await this.record(manager, payment!.id, refund, null);
    });
    return refunded;
  }

  /** The provider's refund of the payment: its payment intent first if not yet known. */
  private async refundAtProvider(
    payment: ProviderPayment,
    request: { reason?: RefundPaymentBody['reason']; metadata: Record<string, string> },
  ): Promise<Stripe.Refund> {
    const paymentId = payment.id;
    try {
      let paymentIntent = payment.provider_payment_intent;
      if (!paymentIntent) {
        const session = await this.stripe.checkout.sessions.retrieve(payment.provider_session_id!);
        paymentIntent =
          typeof session.payment_intent === 'string'
            ? session.payment_intent
            : (session.payment_intent?.id ?? null);
        if (!paymentIntent) throw new AppException('PAYMENT_NOT_REFUNDABLE', 422);
        await this.dataSource.query(`UPDATE "payments" SET "provider_payment_intent" = $2 WHERE "id" = $1`, [
          payment.id,
          paymentIntent,
        ]);
      }
      return await this.stripe.refunds.create(
        { payment_intent: paymentIntent, reason: request.reason, metadata: request.metadata },
        { idempotencyKey: `refund-${payment.id}` },
      );
    } catch (error) {
      if (error instanceof AppException) throw error;
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'charge_already_refunded'
      ) {
        // Refunded at the provider already (another admin, the dashboard): its webhook records it.
        throw new AppException('PAYMENT_NOT_REFUNDABLE', 422);
      }
      this.logger.warn({ paymentId, error: String(error), msg: 'refund not made' });
      throw new AppException('REFUND_UNAVAILABLE', 503);
    }
  }

  private async record(
    manager: EntityManager,
    paymentId: string,
    refund: Stripe.Refund,
    by: string | null,
  ): Promise<boolean> {
    const changed = await recordRefund(manager, { paymentId }, { refundId: refund.id, by });
    if (changed) this.logger.log({ paymentId, refundId: refund.id, by, msg: 'payment refunded' });
    return changed;
  }
}
