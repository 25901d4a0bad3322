import type { DataSource, EntityManager } from 'typeorm';
import {
  PLAN_TIERS,
  subscriptionExpiredV1,
  TOPICS,
  type Language,
  type Page,
  type PaginationQuery,
  type PaymentView,
  type PlanView,
  type Site,
  type SubscriptionView,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import type { AuthUser } from '@manzil/nest-kit';

/** Whose plan counts for a user: a company agent works under the company's, others their own. */
export function planHolderOf(user: AuthUser): string {
  return user.role === 'agent' && user.companyId ? user.companyId : user.id;
}

export const tierRank = (tier: string) => PLAN_TIERS.indexOf(tier as (typeof PLAN_TIERS)[number]);

const PLAN_COLUMNS = `p."id" AS "plan_id", p."name" AS "plan_name", p."name_ar" AS "plan_name_ar", p."tier",
  p."duration_months", p."fees", p."currency" AS "plan_currency", p."property_quota", p."agent_quota"`;

interface PlanColumns {
  plan_id: string;
  plan_name: string;
  plan_name_ar: string;
  tier: PlanView['tier'];
  duration_months: number;
  fees: string;
  plan_currency: PlanView['currency'];
  property_quota: number;
  agent_quota: number;
}

function planOf(row: PlanColumns, language: Language): PlanView {
  return {
    id: row.plan_id,
    name: language === 'ar' ? row.plan_name_ar : row.plan_name,
    tier: row.tier,
    durationMonths: row.duration_months,
    fees: Number(row.fees),
    currency: row.plan_currency,
    propertyQuota: row.property_quota,
    agentQuota: row.agent_quota,
  };
}

interface SubscriptionRow extends PlanColumns {
  id: string;
  starts_at: Date;
  ends_at: Date;
  ended_reason: 'ended' | 'upgraded' | 'refunded' | null;
  now: Date;
}

export const SUBSCRIPTIONS_SELECT = `SELECT s."id", s."starts_at", s."ends_at", s."ended_reason", now() AS "now", ${PLAN_COLUMNS}
  FROM "subscriptions" s JOIN "plans" p ON p."id" = s."plan_id"`;

export function toSubscriptionView(row: SubscriptionRow, language: Language): SubscriptionView {
  const status =
    row.ended_reason === 'upgraded'
      ? 'upgraded'
      : row.ended_reason === 'refunded' || row.ends_at <= row.now
        ? 'expired'
        : row.starts_at > row.now
          ? 'scheduled'
          : 'active';
  return {
    id: row.id,
    plan: planOf(row, language),
    status,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at.toISOString(),
  };
}

/** The subscription in force now for the holder, if any (the highest tier if two overlap). */
export async function activeSubscription(
  manager: EntityManager,
  site: Site,
  holderId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = (await manager.query(
    `${SUBSCRIPTIONS_SELECT}
      WHERE s."site" = $1 AND s."account_id" = $2 AND s."ended_at" IS NULL
        AND s."starts_at" <= now() AND s."ends_at" > now()
      ORDER BY array_position(ARRAY['basic','standard','gold'], p."tier") DESC, s."ends_at" DESC
      LIMIT 1`,
    [site, holderId],
  )) as SubscriptionRow[];
  return row;
}

interface PaymentRow extends PlanColumns {
  id: string;
  purpose: PaymentView['purpose'];
  status: PaymentView['status'];
  amount: string;
  currency: PaymentView['currency'];
  subscription_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

export const PAYMENTS_SELECT = `SELECT pay."id", pay."purpose", pay."status", pay."amount", pay."currency",
  pay."subscription_id", pay."created_at", pay."paid_at", ${PLAN_COLUMNS}
  FROM "payments" pay JOIN "plans" p ON p."id" = pay."plan_id"`;

export function toPaymentView(row: PaymentRow, language: Language): PaymentView {
  return {
    id: row.id,
    purpose: row.purpose,
    status: row.status,
    amount: Number(row.amount),
    currency: row.currency,
    plan: planOf(row, language),
    subscriptionId: row.subscription_id,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
  };
}
export type { PaymentRow, SubscriptionRow };

/** `payments.subscription.expired` for a subscription that just ended, in the caller's transaction. */
export function enqueueExpired(
  manager: EntityManager,
  site: Site,
  ended: { id: string; accountId: string; plan: string; endedAt: Date; reason: 'ended' | 'upgraded' },
): Promise<void> {
  return enqueue(
    manager,
    TOPICS.paymentsSubscription,
    newEvent(subscriptionExpiredV1, site, ended.id, {
      subscriptionId: ended.id,
      accountId: ended.accountId,
      plan: ended.plan,
      endedAt: ended.endedAt.toISOString(),
      reason: ended.reason,
    }),
  );
}

/** One page of a holder's rows (`select` ends with its FROM; `table` is counted with the same filter). */
export async function pageOf<Row, Item>(
  dataSource: DataSource,
  spec: { select: string; alias: string; table: string; order: string; site: Site; accountId: string },
  query: PaginationQuery,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const rows = (await dataSource.query(
    `${spec.select} WHERE ${spec.alias}."site" = $1 AND ${spec.alias}."account_id" = $2
      ORDER BY ${spec.order} LIMIT $3 OFFSET $4`,
    [spec.site, spec.accountId, query.limit, (query.page - 1) * query.limit],
  )) as Row[];
  const [{ total }] = (await dataSource.query(
    `SELECT count(*)::int AS "total" FROM "${spec.table}" WHERE "site" = $1 AND "account_id" = $2`,
    [spec.site, spec.accountId],
  )) as { total: number }[];
  return { items: rows.map(map), page: query.page, limit: query.limit, total };
}
