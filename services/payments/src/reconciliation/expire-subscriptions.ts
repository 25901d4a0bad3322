import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Site } from '@manzil/contracts';
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
}
