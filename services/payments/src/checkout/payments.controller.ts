import { Controller, Get, Param, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  paginationQuerySchema,
  paymentIdParamsSchema,
  type Language,
  type Page,
  type PaginationQuery,
  type PaymentView,
  type Site,
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
import { PAYMENTS_SELECT, toPaymentView, type PaymentRow } from '../subscriptions/views.js';

/** A payer's own payments (the result pages read the status of one). */
@Controller('v1/payments')
@Roles('company', 'agent')
export class PaymentsController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
  async list(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<Page<PaymentView>> {
    const rows = (await this.dataSource.query(
      `${PAYMENTS_SELECT} WHERE pay."site" = $1 AND pay."account_id" = $2
        ORDER BY pay."created_at" DESC, pay."id" LIMIT $3 OFFSET $4`,
      [site, user.id, query.limit, (query.page - 1) * query.limit],
    )) as PaymentRow[];
    const [{ total }] = (await this.dataSource.query(
      `SELECT count(*)::int AS "total" FROM "payments" WHERE "site" = $1 AND "account_id" = $2`,
      [site, user.id],
    )) as { total: number }[];
    return {
      items: rows.map((row) => toPaymentView(row, language)),
      page: query.page,
      limit: query.limit,
      total,
    };
  }

  /** One payment of the caller's, on this site (someone else's is not found). */
  @Get(':id')
  async one(
    @Param(new ZodPipe(paymentIdParamsSchema)) params: { id: string },
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<PaymentView> {
    const [row] = (await this.dataSource.query(
      `${PAYMENTS_SELECT} WHERE pay."id" = $1 AND pay."site" = $2 AND pay."account_id" = $3`,
      [params.id, site, user.id],
    )) as PaymentRow[];
    if (!row) throw new AppException('NOT_FOUND');
    return toPaymentView(row, language);
  }
}
