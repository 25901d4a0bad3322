import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  paginationQuerySchema,
  purchasePlanBodySchema,
  type CheckoutView,
  type Language,
  type Page,
  type PaginationQuery,
  type PurchasePlanBody,
  type Site,
  type SubscriptionView,
} from '@manzil/contracts';
import { CurrentLanguage, CurrentSite, CurrentUser, Roles, ZodPipe, type AuthUser } from '@manzil/nest-kit';
import { PurchasePlan } from './purchase-plan.js';
import {
  activeSubscription,
  pageOf,
  planHolderOf,
  SUBSCRIPTIONS_SELECT,
  toSubscriptionView,
  type SubscriptionRow,
} from './views.js';

/** Subscriptions of companies and agents (spec §6: they need one to add agents and properties). */
@Controller('v1/subscriptions')
@Roles('company', 'agent')
export class SubscriptionsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly purchasePlan: PurchasePlan,
  ) {}

  /** The subscription in force for the caller (a company agent: the company's), or null. */
  @Get('active')
  async active(
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<SubscriptionView | null> {
    const row = await activeSubscription(this.dataSource.manager, site, planHolderOf(user));
    return row ? toSubscriptionView(row, language) : null;
  }

  /** Every subscription of the holder, latest end first. */
  @Get()
  async list(
    @Query(new ZodPipe(paginationQuerySchema)) query: PaginationQuery,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<Page<SubscriptionView>> {
    return pageOf(
      this.dataSource,
      {
        select: SUBSCRIPTIONS_SELECT,
        alias: 's',
        table: 'subscriptions',
        order: 's."ends_at" DESC, s."id"',
        site,
        accountId: planHolderOf(user),
      },
      query,
      (row: SubscriptionRow) => toSubscriptionView(row, language),
    );
  }

  /** Buys a plan: a Pending payment and the provider's checkout page to pay it on. */
  @Post('purchase')
  @HttpCode(201)
  purchase(
    @Body(new ZodPipe(purchasePlanBodySchema)) body: PurchasePlanBody,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<CheckoutView> {
    return this.purchasePlan.execute({ user, site, language, planId: body.planId, purpose: 'subscription' });
  }

  /** Moves the subscription in force to a higher tier, from the moment it is paid. */
  @Post('upgrade')
  @HttpCode(201)
  upgrade(
    @Body(new ZodPipe(purchasePlanBodySchema)) body: PurchasePlanBody,
    @CurrentUser() user: AuthUser,
    @CurrentSite() site: Site,
    @CurrentLanguage() language: Language,
  ): Promise<CheckoutView> {
    return this.purchasePlan.execute({ user, site, language, planId: body.planId, purpose: 'upgrade' });
  }
}
