import { type DynamicModule, Module } from '@nestjs/common';
import type { RouteDoc } from '@manzil/nest-kit';
import {
  bidFeeViewSchema,
  bidFeeParamsSchema,
  reportWindowQuerySchema,
  spendReportSchema,
} from '@manzil/contracts';
import type { ServiceConfig } from '../config.js';
import { STRIPE, stripeClient } from '../checkout/stripe.provider.js';
import { PAYMENTS_CONFIG } from '../payments.config.js';
import { RefundPayment } from '../admin/refund-payment.js';
import { BidEventsController } from './bid-events.controller.js';
import { BidFeeRefundController } from './bid-fee-refund.controller.js';
import { BidFeesController } from './bid-fees.controller.js';
import { OpenBidFee } from './open-bid-fee.js';
import { SpendReportController } from '../reports/spend-report.controller.js';

/** The OpenAPI description of the bid fee endpoint. */
export const BID_FEE_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/bid-fees/:bidId',
    summary:
      "The bidding fee of one of the caller's bids: its payment, status and Checkout URL while Pending (404 until payments has read the bid)",
    params: bidFeeParamsSchema,
    results: bidFeeViewSchema,
    roles: ['user'],
  },
  {
    method: 'get',
    path: '/v1/reports/spend',
    summary:
      "The caller's spend (Paid payments) per day, week or month in the site's time zone, zero-filled, one window at a time (the reports tab)",
    query: reportWindowQuerySchema,
    results: spendReportSchema,
    roles: ['company', 'agent'],
  },
];

/**
 * Bidding fees: `bid.placed` (pending) → a payment and its Checkout; the bidder reads it.
 * Settled by SettlePayment; given back on `bid.fee-refund-due`.
 */
@Module({})
export class BidFeesModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: BidFeesModule,
      controllers: [BidFeesController, BidEventsController, BidFeeRefundController, SpendReportController],
      providers: [
        { provide: PAYMENTS_CONFIG, useValue: config },
        { provide: STRIPE, useFactory: () => stripeClient(config) },
        OpenBidFee,
        RefundPayment,
      ],
    };
  }
}
