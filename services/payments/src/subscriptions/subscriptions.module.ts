import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { ServiceConfig } from '../config.js';
import { PaymentsController } from '../checkout/payments.controller.js';
import { SettlePayment } from '../checkout/settle-payment.js';
import { STRIPE, stripeClient } from '../checkout/stripe.provider.js';
import { StripeWebhookController } from '../checkout/stripe-webhook.controller.js';
import { PAYMENTS_CONFIG } from '../payments.config.js';
import { ExpireSubscriptions } from '../reconciliation/expire-subscriptions.js';
import {
  PAYMENT_JOBS,
  RECONCILIATION_QUEUE,
  ReconciliationProcessor,
  ReconciliationScheduler,
} from '../reconciliation/payment-reconciliation.job.js';
import { ReconcilePayments } from '../reconciliation/reconcile-payments.js';
import { PurchasePlan } from './purchase-plan.js';
import { SubscriptionsController } from './subscriptions.controller.js';

/** Subscriptions, their payments through Stripe Checkout, the webhook and the reconciliation job. */
@Module({})
export class SubscriptionsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: SubscriptionsModule,
      imports: [BullModule.registerQueue({ name: RECONCILIATION_QUEUE, configKey: PAYMENT_JOBS })],
      controllers: [SubscriptionsController, PaymentsController, StripeWebhookController],
      providers: [
        { provide: PAYMENTS_CONFIG, useValue: config },
        { provide: STRIPE, useFactory: () => stripeClient(config) },
        PurchasePlan,
        SettlePayment,
        ReconcilePayments,
        ExpireSubscriptions,
        ReconciliationScheduler,
        ReconciliationProcessor,
      ],
    };
  }
}
