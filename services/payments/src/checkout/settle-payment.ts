import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { planPaymentFailedV1, subscriptionActivatedV1, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { settleBidFee } from '../bid-fees/settle-bid-fee.js';
import { enqueueExpired } from '../subscriptions/views.js';
import { settleUnitBooking } from '../unit-bookings/settle-unit-booking.js';

export type Settlement = 'paid' | 'canceled';
export type SettledBy = 'webhook' | 'reconciliation';
export type SettleOutcome = 'settled' | 'unchanged' | 'missing';

interface LockedPayment {
  id: string;
  site: Site;
  account_id: string;
  purpose: 'subscription' | 'upgrade' | 'bid_fee' | 'unit_booking';
  plan_id: string;
  upgrades_subscription_id: string | null;
  status: 'pending' | 'canceled' | 'paid' | 'refunded';
}

interface PlanRow {
  name: string;
  duration_months: number;
  property_quota: number;
  agent_quota: number;
}

/**
 * What the provider said about a checkout session, applied once. Under the payment row's lock:
 * - paid: the payment becomes Paid and its subscription is created, in the same transaction
 *   as `payments.subscription.activated` (and, for an upgrade, `expired` of the one it
 *   replaces) in the outbox. A purchase while a subscription runs starts when the last one
 *   ends; an upgrade starts now.
 * - canceled: only a Pending payment becomes Canceled, with
 *   `payments.subscription.payment-failed` so the payer hears of it.
 * Paid is final: a late "expired" never undoes it, and money taken after a Canceled (a
 * session paid in another tab before it expired) still buys the subscription. So webhooks
 * and reconciliation may report the same session any number of times, in any order.
 */
@Injectable()
export class SettlePayment {
  private readonly logger = new Logger('settle-payment');

  constructor(private readonly dataSource: DataSource) {}

  async execute(
    sessionId: string,
    settlement: Settlement,
    settledBy: SettledBy,
    manager?: EntityManager,
  ): Promise<SettleOutcome> {
    const run = (m: EntityManager) => this.settle(m, sessionId, settlement, settledBy);
    const outcome = manager ? await run(manager) : await this.dataSource.transaction(run);
    if (outcome === 'settled') this.logger.log({ sessionId, settlement, settledBy, msg: 'payment settled' });
    return outcome;
  }

  private async settle(
    manager: EntityManager,
    sessionId: string,
    settlement: Settlement,
    settledBy: SettledBy,
  ): Promise<SettleOutcome> {
    const [payment] = (await manager.query(
      `SELECT "id", "site", "account_id", "purpose", "plan_id", "upgrades_subscription_id", "status"
         FROM "payments" WHERE "provider_session_id" = $1 FOR UPDATE`,
      [sessionId],
    )) as LockedPayment[];
    if (!payment) return 'missing';
    // A bidding fee settles its own way (no subscription: an event auctions acts on).
    if (payment.purpose === 'bid_fee') return settleBidFee(manager, payment.id, settlement, settledBy);
    // So does a unit booking (an event listings books or releases the unit on).
    if (payment.purpose === 'unit_booking')
      return settleUnitBooking(manager, payment.id, settlement, settledBy);
    // Paid is final, and so is Refunded (a late "completed" must not buy the subscription again).
    if (payment.status === 'paid' || payment.status === 'refunded') return 'unchanged';
    if (settlement === 'canceled') {
      if (payment.status !== 'pending') return 'unchanged';
      // TypeORM answers an UPDATE … RETURNING as [rows, count].
      const [[canceled]] = (await manager.query(
        `UPDATE "payments" SET "status" = 'canceled', "settled_by" = $2, "updated_at" = now()
          WHERE "id" = $1 RETURNING "updated_at"`,
        [payment.id, settledBy],
      )) as [{ updated_at: Date }[], number];
      const [plan] = (await manager.query(`SELECT "name" FROM "plans" WHERE "id" = $1`, [
        payment.plan_id,
      ])) as { name: string }[];
      await enqueue(
        manager,
        TOPICS.paymentsSubscription,
        newEvent(planPaymentFailedV1, payment.site, payment.id, {
          paymentId: payment.id,
          accountId: payment.account_id,
          plan: plan.name,
          purpose: payment.purpose === 'upgrade' ? 'upgrade' : 'subscription',
          failedAt: canceled.updated_at.toISOString(),
        }),
      );
      return 'settled';
    }
    await this.activate(manager, payment, settledBy);
    return 'settled';
  }

  private async activate(
    manager: EntityManager,
    payment: LockedPayment,
    settledBy: SettledBy,
  ): Promise<void> {
    // One holder's subscriptions are written one at a time (two payments settling at once).
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `subscriptions:${payment.account_id}`,
    ]);
    const [plan] = (await manager.query(
      `SELECT "name", "duration_months", "property_quota", "agent_quota" FROM "plans" WHERE "id" = $1`,
      [payment.plan_id],
    )) as PlanRow[];
    let startsAt: Date;
    if (payment.purpose === 'upgrade' && payment.upgrades_subscription_id) {
      startsAt = await this.endForUpgrade(manager, payment);
    } else {
      const [row] = (await manager.query(
        `SELECT greatest(now(), max("ends_at")) AS "starts_at" FROM "subscriptions"
          WHERE "site" = $1 AND "account_id" = $2 AND "ended_at" IS NULL`,
        [payment.site, payment.account_id],
      )) as { starts_at: Date }[];
      startsAt = row.starts_at;
    }
    const [subscription] = (await manager.query(
      `INSERT INTO "subscriptions" ("site", "account_id", "plan_id", "payment_id", "starts_at", "ends_at")
       VALUES ($1, $2, $3, $4, $5, $5::timestamptz + make_interval(months => $6))
       RETURNING "id", "starts_at", "ends_at"`,
      [payment.site, payment.account_id, payment.plan_id, payment.id, startsAt, plan.duration_months],
    )) as { id: string; starts_at: Date; ends_at: Date }[];
    await manager.query(
      `UPDATE "payments" SET "status" = 'paid', "paid_at" = now(), "subscription_id" = $2, "settled_by" = $3,
              "updated_at" = now() WHERE "id" = $1`,
      [payment.id, subscription.id, settledBy],
    );
    await enqueue(
      manager,
      TOPICS.paymentsSubscription,
      newEvent(subscriptionActivatedV1, payment.site, subscription.id, {
        subscriptionId: subscription.id,
        accountId: payment.account_id,
        plan: plan.name,
        propertyQuota: plan.property_quota,
        agentQuota: plan.agent_quota,
        startsAt: subscription.starts_at.toISOString(),
        endsAt: subscription.ends_at.toISOString(),
      }),
    );
  }

  /**
   * The upgraded subscription ends now (it keeps its row, `ended_reason = 'upgraded'`), and
   * every later one already bought ends with it: the upgrade replaces them all from now on.
   */
  private async endForUpgrade(manager: EntityManager, payment: LockedPayment): Promise<Date> {
    // TypeORM answers an UPDATE as [rows, count].
    const [ended] = (await manager.query(
      `UPDATE "subscriptions" s SET "ended_at" = now(), "ended_reason" = 'upgraded',
              "ends_at" = greatest(s."starts_at" + interval '1 microsecond', least(s."ends_at", now()))
         FROM "plans" p
        WHERE p."id" = s."plan_id" AND s."site" = $1 AND s."account_id" = $2 AND s."ended_at" IS NULL
        RETURNING s."id", s."ended_at", p."name"`,
      [payment.site, payment.account_id],
    )) as [{ id: string; ended_at: Date; name: string }[], number];
    for (const row of ended) {
      await enqueueExpired(manager, payment.site, {
        id: row.id,
        accountId: payment.account_id,
        plan: row.name,
        endedAt: row.ended_at,
        reason: 'upgraded',
      });
    }
    return ended[0]?.ended_at ?? new Date();
  }
}
