import { type DynamicModule, Module } from '@nestjs/common';
import type { ServiceConfig } from '../config.js';
import { STRIPE, stripeClient } from '../checkout/stripe.provider.js';
import { PaymentsConsoleController } from './payments-console.controller.js';
import { RefundPayment } from './refund-payment.js';
import { UpdatePlan } from './update-plan.js';

/** The admin console's plans, payments and refunds (issue 13 item 8). */
@Module({})
export class AdminConsoleModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: AdminConsoleModule,
      controllers: [PaymentsConsoleController],
      providers: [{ provide: STRIPE, useFactory: () => stripeClient(config) }, UpdatePlan, RefundPayment],
    };
  }
}
