import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { PAYMENT_RESULT_PAGES, type CheckoutView, type Language, type Site } from '@manzil/contracts';
import { AppException, type AuthUser } from '@manzil/nest-kit';
import { STRIPE, toMinorUnits } from '../checkout/stripe.provider.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { activeSubscription, tierRank } from './views.js';

export interface PurchasePlanCommand {
  user: AuthUser;
  site: Site;
  language: Language;
  planId: string;
  /** `subscription`: a new one (after the current, if any); `upgrade`: a higher tier from now. */
  purpose: 'subscription' | 'upgrade';
}

interface PlanRow {
  id: string;
  name: string;
  name_ar: string;
  tier: string;
  fees: string;
  currency: 'AED' | 'SAR';
}

/**
 * Buying a plan: checks who and what on the server, writes the payment as Pending, opens a
 * Stripe Checkout session for it and answers the hosted page's URL. The session carries the
 * payment id (client_reference_id, metadata) and an idempotency key, so a retried call does
 * not open a second session. The subscription itself is created when the provider says the
 * session was paid (webhook or reconciliation: SettlePayment).
 */
@Injectable()
export class PurchasePlan {
  private readonly logger = new Logger('purchase-plan');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async execute(command: PurchasePlanCommand): Promise<CheckoutView> {
    const { user, site } = command;
    // Spec §6: companies buy for their agents; a freelancer (agent without company) for themself.
    // 422, not 403: a 403 signs the person out (spec §4), and this is a business answer.
    if (user.role === 'agent' && user.companyId) throw new AppException('PLAN_FOR_COMPANY', 422);
    const [plan] = (await this.dataSource.query(
      `SELECT "id", "name", "name_ar", "tier", "fees", "currency" FROM "plans" WHERE "id" = $1 AND "site" = $2`,
      [command.planId, site],
    )) as PlanRow[];
    if (!plan) throw new AppException('NOT_FOUND');
    let upgrades: string | null = null;
    if (command.purpose === 'upgrade') {
      const current = await activeSubscription(this.dataSource.manager, site, user.id);
      if (!current) throw new AppException('UPGRADE_NEEDS_SUBSCRIPTION', 422);
      if (tierRank(plan.tier) <= tierRank(current.tier)) throw new AppException('UPGRADE_NOT_HIGHER', 422);
      upgrades = current.id;
    }
    const [payment] = (await this.dataSource.query(
      `INSERT INTO "payments" ("site", "account_id", "purpose", "plan_id", "upgrades_subscription_id", "amount", "currency")
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING "id"`,
      [site, user.id, command.purpose, plan.id, upgrades, plan.fees, plan.currency],
    )) as { id: string }[];
    const origin = site === 'sa' ? this.config.SITE_URL_SA : this.config.SITE_URL_AE;
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: payment.id,
          metadata: { paymentId: payment.id, site, accountId: user.id, purpose: command.purpose },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: plan.currency.toLowerCase(),
                unit_amount: toMinorUnits(plan.fees),
                product_data: { name: command.language === 'ar' ? plan.name_ar : plan.name },
              },
            },
          ],
          locale: command.language,
          success_url: `${origin}${PAYMENT_RESULT_PAGES.success}?paymentId=${payment.id}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}${PAYMENT_RESULT_PAGES.failed}?paymentId=${payment.id}`,
        },
        { idempotencyKey: `checkout-${payment.id}` },
      );
    } catch (error) {
      this.logger.error({ paymentId: payment.id, error: String(error), msg: 'checkout session not created' });
      await this.dataSource.query(
        `UPDATE "payments" SET "status" = 'canceled', "updated_at" = now() WHERE "id" = $1`,
        [payment.id],
      );
      throw new AppException('SERVICE_UNAVAILABLE', 503);
    }
    await this.dataSource.query(
      `UPDATE "payments" SET "provider_session_id" = $2, "checkout_url" = $3, "updated_at" = now() WHERE "id" = $1`,
      [payment.id, session.id, session.url],
    );
    return { paymentId: payment.id, status: 'pending', checkoutUrl: session.url! };
  }
}
