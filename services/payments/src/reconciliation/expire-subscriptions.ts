import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  SUBSCRIPTION_EXPIRY_NOTICE_DAYS,
  subscriptionExpiringV1,
  TOPICS,
  type Site,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { enqueueExpired } from '../subscriptions/views.js';

/**
 * Subscriptions whose end has passed are closed (`ended_reason = 'ended'`) and
 * `payments.subscription.expired` is written with each, in one transaction. Rows another
 * replica is closing are skipped, so two runs at once publish each expiry once.
 */
@Injectable()
export class ExpireSubscriptions {
  constructor(private readonly dataSource: DataSource) {}

  async execute(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE as [rows, count].
      const [ended] = (await manager.query(
        `WITH due AS (
           SELECT "id" FROM "subscriptions" WHERE "ended_at" IS NULL AND "ends_at" <= now()
           ORDER BY "ends_at" LIMIT 500 FOR UPDATE SKIP LOCKED)
         UPDATE "subscriptions" s SET "ended_at" = s."ends_at", "ended_reason" = 'ended'
           FROM due, "plans" p WHERE s."id" = due."id" AND p."id" = s."plan_id"
         RETURNING s."id", s."site", s."account_id", s."ended_at", p."name"`,
      )) as [{ id: string; site: Site; account_id: string; ended_at: Date; name: string }[], number];
      for (const row of ended) {
        await enqueueExpired(manager, row.site, {
          id: row.id,
          accountId: row.account_id,
          plan: row.name,
          endedAt: row.ended_at,
          reason: 'ended',
        });
      }
      return ended.length;
    });
  }

  /**
   * The notice before the end: a running subscription that ends within
   * SUBSCRIPTION_EXPIRY_NOTICE_DAYS, with nothing bought after it for the same holder, gets
   * `payments.subscription.expiring` once (`expiry_notice_at`), in the transaction that marks
   * it. Rows another replica is marking are skipped.
   */
  async noticeExpiring(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // TypeORM answers an UPDATE as [rows, count].
      const [due] = (await manager.query(
        `WITH due AS (
           SELECT s."id" FROM "subscriptions" s
            WHERE s."ended_at" IS NULL AND s."expiry_notice_at" IS NULL AND s."starts_at" <= now()
              AND s."ends_at" > now() AND s."ends_at" <= now() + make_interval(days => $1)
              AND NOT EXISTS (
                SELECT 1 FROM "subscriptions" n
                 WHERE n."site" = s."site" AND n."account_id" = s."account_id" AND n."ended_at" IS NULL
                   AND n."ends_at" > s."ends_at")
            ORDER BY s."ends_at" LIMIT 500 FOR UPDATE OF s SKIP LOCKED)
         UPDATE "subscriptions" s SET "expiry_notice_at" = now()
           FROM due, "plans" p WHERE s."id" = due."id" AND p."id" = s."plan_id"
         RETURNING s."id", s."site", s."account_id", s."ends_at", p."name"`,
        [SUBSCRIPTION_EXPIRY_NOTICE_DAYS],
      )) as [{ id: string; site: Site; account_id: string; ends_at: Date; name: string }[], number];
      for (const row of due) {
        await enqueue(
          manager,
          TOPICS.paymentsSubscription,
          newEvent(subscriptionExpiringV1, row.site, row.id, {
            subscriptionId: row.id,
            accountId: row.account_id,
            plan: row.name,
            endsAt: row.ends_at.toISOString(),
          }),
        );
      }
      return due.length;
    });
  }
}
