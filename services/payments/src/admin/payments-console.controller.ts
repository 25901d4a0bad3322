import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  adminIdParamsSchema,
  adminPaymentsQuerySchema,
  paginationQuerySchema,
  refundPaymentBodySchema,
  updatePlanBodySchema,
  type AdminPaymentsQuery,
  type AdminPaymentView,
  type AdminPlanView,
  type Language,
  type Page,
  type PaginationQuery,
  type PaymentStatus,
  type PlanChangeView,
  type RefundPaymentBody,
  type Site,
  type UpdatePlanBody,
} from '@manzil/contracts';
import {
  AppException,
  CurrentLanguage,
  CurrentSite,
  CurrentUser,
  Roles,
  ZodPipe,
  type AuthUser,
} from '@manzil/nest-kit';
import { RefundPayment } from './refund-payment.js';
import { UpdatePlan } from './update-plan.js';

interface PlanRow {
  id: string;
  name: string;
  name_ar: string;
  tier: AdminPlanView['tier'];
  duration_months: number;
  fees: string;
  currency: AdminPlanView['currency'];
  property_quota: number;
  agent_quota: number;
  updated_at: Date;
}

const toAdminPlan = (row: PlanRow): AdminPlanView => ({
  id: row.id,
  nameEn: row.name,
  nameAr: row.name_ar,
  tier: row.tier,
  durationMonths: row.duration_months,
  fees: Number(row.fees),
  currency: row.currency,
  propertyQuota: row.property_quota,
  agentQuota: row.agent_quota,
  updatedAt: row.updated_at.toISOString(),
});

interface PaymentRow extends Omit<PlanRow, 'id' | 'updated_at' | 'currency'> {
  id: string;
  account_id: string;
  purpose: string;
  status: PaymentStatus;
  amount: string;
  pay_currency: AdminPaymentView['currency'];
  plan_id: string | null;
  plan_currency: AdminPaymentView['currency'] | null;
  subscription_id: string | null;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
  refund_due_at: Date | null;
}

/**
 * The admin console's plans and payments (issue 13 item 8), for an admin of the request's
 * site: plans with their audit, payments of every purpose with their status history, and
 * the manual refund.
 */
@Controller('v1/admin')
@Roles('admin')
export class PaymentsConsoleController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly updatePlan: UpdatePlan,
    private readonly refundPayment: RefundPayment,
  ) {}

  /** The site's plans, Basic → Gold then by duration. */
  @Get('plans')
  async plans(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
  ): Promise<Page<AdminPlanView>> {
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT * FROM "plans" WHERE "site" = $1
          ORDER BY array_position(ARRAY['basic','standard','gold'], "tier"), "duration_months" LIMIT $2 OFFSET $3`,
        [site, query.limit, (query.page - 1) * query.limit],
      ) as Promise<PlanRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS "total" FROM "plans" WHERE "site" = $1`, [
        site,
      ]) as Promise<{ total: number }[]>,
    ]);
    return { items: rows.map(toAdminPlan), page: query.page, limit: query.limit, total };
  }

  /** Changes names, fees or quotas of a plan of the site; each change is audited. */
  @Patch('plans/:id')
  async editPlan(
    @Param(new ZodPipe(adminIdParamsSchema)) { id }: { id: string },
    @Body(new ZodPipe(updatePlanBodySchema)) body: UpdatePlanBody,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
  ): Promise<AdminPlanView> {
    await this.updatePlan.execute(site, id, user.id, body);
    const [row] = (await this.dataSource.query(`SELECT * FROM "plans" WHERE "id" = $1 AND "site" = $2`, [
      id,
      site,
    ])) as PlanRow[];
    return toAdminPlan(row);
  }

  /** The audit of plan changes on the site, newest first. */
  @Get('plan-changes')
  async planChanges(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentSite() site: Site,
  ): Promise<Page<PlanChangeView>> {
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT c."id", c."plan_id", c."admin_id", c."changes", c."changed_at", p."tier", p."duration_months"
           FROM "plan_changes" c JOIN "plans" p ON p."id" = c."plan_id"
          WHERE c."site" = $1 ORDER BY c."changed_at" DESC, c."id" LIMIT $2 OFFSET $3`,
        [site, query.limit, (query.page - 1) * query.limit],
      ) as Promise<
        {
          id: string;
          plan_id: string;
          admin_id: string;
          changes: PlanChangeView['changes'];
          changed_at: Date;
          tier: PlanChangeView['tier'];
          duration_months: number;
        }[]
      >,
      this.dataSource.query(`SELECT count(*)::int AS "total" FROM "plan_changes" WHERE "site" = $1`, [
        site,
      ]) as Promise<{ total: number }[]>,
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        planId: row.plan_id,
        tier: row.tier,
        durationMonths: row.duration_months,
        adminId: row.admin_id,
        changedAt: row.changed_at.toISOString(),
        changes: row.changes,
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** Payments of the site (every purpose), newest first, filtered; each with its status history. */
  @Get('payments')
  async payments(
    @Query(new ZodPipe(adminPaymentsQuerySchema)) query: AdminPaymentsQuery,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<Page<AdminPaymentView>> {
    return this.findPayments(site, language, query);
  }

  private async findPayments(
    site: Site,
    language: Language,
    query: AdminPaymentsQuery,
    id?: string,
  ): Promise<Page<AdminPaymentView>> {
    const params: unknown[] = [site];
    const where = ['pay."site" = $1'];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (id) add((n) => `pay."id" = $${n}`, id);
    if (query.status) add((n) => `pay."status" = $${n}`, query.status);
    if (query.purpose) add((n) => `pay."purpose" = $${n}`, query.purpose);
    if (query.accountId) add((n) => `pay."account_id" = $${n}`, query.accountId);
    if (query.from) add((n) => `pay."created_at" >= $${n}::date`, query.from);
    if (query.to) add((n) => `pay."created_at" < $${n}::date + 1`, query.to);
    const n = params.length;
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(
        `SELECT pay."id", pay."account_id", pay."purpose", pay."status", pay."amount", pay."currency" AS "pay_currency",
                pay."subscription_id", pay."created_at", pay."paid_at", pay."refunded_at", pay."refund_due_at",
                p."id" AS "plan_id", p."name", p."name_ar", p."tier", p."duration_months", p."fees",
                p."currency" AS "plan_currency", p."property_quota", p."agent_quota"
           FROM "payments" pay LEFT JOIN "plans" p ON p."id" = pay."plan_id"
          WHERE ${where.join(' AND ')}
          ORDER BY pay."created_at" DESC, pay."id" LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, query.limit, (query.page - 1) * query.limit],
      ) as Promise<PaymentRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS "total" FROM "payments" pay WHERE ${where.join(' AND ')}`,
        params,
      ) as Promise<{ total: number }[]>,
    ]);
    const history = rows.length
      ? ((await this.dataSource.query(
          `SELECT "payment_id", "status", "at" FROM "payment_status_history"
            WHERE "payment_id" = ANY($1::uuid[]) ORDER BY "at", "id"`,
          [rows.map((row) => row.id)],
        )) as { payment_id: string; status: PaymentStatus; at: Date }[])
      : [];
    return {
      items: rows.map((row) => ({
        id: row.id,
        accountId: row.account_id,
        purpose: row.purpose,
        status: row.status,
        amount: Number(row.amount),
        currency: row.pay_currency,
        plan: row.plan_id
          ? {
              id: row.plan_id,
              name: language === 'ar' ? row.name_ar : row.name,
              tier: row.tier,
              durationMonths: row.duration_months,
              fees: Number(row.fees),
              currency: row.plan_currency!,
              propertyQuota: row.property_quota,
              agentQuota: row.agent_quota,
            }
          : null,
        subscriptionId: row.subscription_id,
        createdAt: row.created_at.toISOString(),
        paidAt: row.paid_at?.toISOString() ?? null,
        refundedAt: row.refunded_at?.toISOString() ?? null,
        refundDueAt: row.refund_due_at?.toISOString() ?? null,
        history: history
          .filter((entry) => entry.payment_id === row.id)
          .map((entry) => ({ status: entry.status, at: entry.at.toISOString() })),
      })),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** Refunds a Paid payment of the site in full through the provider; its subscription is revoked. */
  @Post('payments/:id/refund')
  @HttpCode(200)
  async refund(
    @Param(new ZodPipe(adminIdParamsSchema)) { id }: { id: string },
    @Body(new ZodPipe(refundPaymentBodySchema)) body: RefundPaymentBody,
    @CurrentSite() site: Site,
    @CurrentUser() user: AuthUser,
    @CurrentLanguage() language: Language,
  ): Promise<AdminPaymentView> {
    await this.refundPayment.execute(site, id, user.id, body);
    const [found] = (await this.findPayments(site, language, { page: 1, limit: 1 }, id)).items;
    if (!found) throw new AppException('NOT_FOUND');
    return found;
  }
}
