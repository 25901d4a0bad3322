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
import { pageOf, PAYMENTS_SELECT, toPaymentView, type PaymentRow } from '../subscriptions/views.js';

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
    return pageOf(
      this.dataSource,
      {
        select: PAYMENTS_SELECT,
        alias: 'pay',
        table: 'payments',
        order: 'pay."created_at" DESC, pay."id"',
        site,
        accountId: user.id,
      },
      query,
      (row: PaymentRow) => toPaymentView(row, language),
    );
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
