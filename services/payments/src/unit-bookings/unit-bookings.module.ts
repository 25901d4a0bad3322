import { type DynamicModule, Module } from '@nestjs/common';
import {
  orderListQuerySchema,
  orderViewSchema,
  pageSchema,
  UNIT_BOOKINGS_API,
  unitBookingPaymentParamsSchema,
  unitBookingPaymentSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';
import type { ServiceConfig } from '../config.js';
import { STRIPE, stripeClient } from '../checkout/stripe.provider.js';
import { PAYMENTS_CONFIG } from '../payments.config.js';
import { RefundPayment } from '../admin/refund-payment.js';
import { OpenUnitBooking } from './open-unit-booking.js';
import { UnitBookingEventsController } from './unit-booking-events.controller.js';
import { UnitBookingRefundController } from './unit-booking-refund.controller.js';
import { UnitBookingsController } from './unit-bookings.controller.js';

export const UNIT_BOOKING_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/v1/unit-bookings/:bookingId',
    summary:
      "The payment of one of the caller's unit bookings: status and Checkout URL while Pending (404 until payments has read unit.booking-held)",
    params: unitBookingPaymentParamsSchema,
    results: unitBookingPaymentSchema,
    roles: ['user'],
  },
  {
    method: 'get',
    path: UNIT_BOOKINGS_API.orders,
    summary:
      "The caller's orders, newest first: unit orders (unit bookings) and property orders (bidding fees), kind=unit|property, each with its status history",
    query: orderListQuerySchema,
    results: pageSchema(orderViewSchema),
    roles: ['user'],
  },
];

/**
 * Unit bookings: `unit.booking-held` → a payment and its Checkout; the customer's orders.
 * Settled by SettlePayment; given back on `unit.booking-refund-due`.
 */
@Module({})
export class UnitBookingsModule {
  static forRoot(config: ServiceConfig): DynamicModule {
    return {
      module: UnitBookingsModule,
      controllers: [UnitBookingsController, UnitBookingEventsController, UnitBookingRefundController],
      providers: [
        { provide: PAYMENTS_CONFIG, useValue: config },
        { provide: STRIPE, useFactory: () => stripeClient(config) },
        OpenUnitBooking,
        RefundPayment,
      ],
    };
  }
}
