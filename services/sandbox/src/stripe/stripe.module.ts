import {
  type DynamicModule,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
} from '@nestjs/common';
import express from 'express';
import { z } from 'zod';
import type { RouteDoc } from '@manzil/nest-kit';
import type { StripeSandboxOptions } from './stripe.config.js';
import { StripeApiController, StripeKeyGuard } from './stripe-api.controller.js';
import { StripeCheckoutController } from './stripe-checkout.controller.js';
import { StripeRefunds, StripeRefundsController } from './stripe-refunds.js';
import {
  createRefundBodySchema,
  createSessionBodySchema,
  listEventsQuerySchema,
  webhookModeSchema,
  webhookUrlBodySchema,
} from './stripe.schema.js';
import { StripeSandboxService } from './stripe.service.js';
import { STRIPE_OPTIONS, StripeStore } from './stripe.store.js';

const sessionSchema = z.record(z.string(), z.unknown()).describe("Stripe's Checkout Session object");
const deliverySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  status: z.number().nullable(),
  error: z.string().optional(),
});
const resultSchema = z.object({
  session: sessionSchema,
  redirectUrl: z.string(),
  events: z.array(deliverySchema),
});
const idParams = z.object({ id: z.string() });

export const STRIPE_ROUTES: RouteDoc[] = [
  {
    method: 'post',
    path: '/v1/checkout/sessions',
    summary:
      'Stripe: create a Checkout Session (form-encoded, secret key as bearer; bare JSON, not the envelope)',
    body: createSessionBodySchema,
    results: sessionSchema,
    answers: 'json',
    protocol: 'stripe',
  },
  {
    method: 'get',
    path: '/v1/checkout/sessions/:id',
    summary: 'Stripe: retrieve a Checkout Session',
    params: idParams,
    results: sessionSchema,
    answers: 'json',
    protocol: 'stripe',
  },
  {
    method: 'post',
    path: '/v1/checkout/sessions/:id/expire',
    summary: 'Stripe: expire an open Checkout Session',
    params: idParams,
    results: sessionSchema,
    answers: 'json',
    protocol: 'stripe',
  },
  {
    method: 'post',
    path: '/v1/refunds',
    summary: 'Stripe: refund a paid payment intent, all or `amount` of it (charge.refunded posted, signed)',
    body: createRefundBodySchema,
    results: z.record(z.string(), z.unknown()).describe("Stripe's Refund object"),
    answers: 'json',
    protocol: 'stripe',
  },
  {
    method: 'get',
    path: '/checkout/:id',
    summary: "The hosted checkout page: the session's total with Pay / Fail / Cancel",
    params: idParams,
    results: z.string(),
    answers: 'html',
  },
  {
    method: 'post',
    path: '/checkout/:id/:outcome',
    summary: "The page's buttons (outcome pay | fail | cancel): 303 to the success or cancel URL",
    params: z.object({ id: z.string(), outcome: z.enum(['pay', 'fail', 'cancel']) }),
    results: z.string(),
    answers: 'html',
  },
  {
    method: 'post',
    path: '/sandbox/stripe/sessions/:id/pay',
    summary:
      'Sandbox control: the payer pays (checkout.session.completed posted, or held with ?webhook=hold)',
    params: idParams,
    query: webhookModeSchema,
    results: resultSchema,
  },
  {
    method: 'post',
    path: '/sandbox/stripe/sessions/:id/fail',
    summary: 'Sandbox control: the payment fails (checkout.session.expired posted, or held)',
    params: idParams,
    query: webhookModeSchema,
    results: resultSchema,
  },
  {
    method: 'get',
    path: '/sandbox/stripe/events',
    summary: "Sandbox control: events, newest first (?session= one session's)",
    query: listEventsQuerySchema,
    results: z.array(z.record(z.string(), z.unknown())),
  },
  {
    method: 'post',
    path: '/sandbox/stripe/events/:id/deliver',
    summary: 'Sandbox control: post an event to the webhook (again), signed afresh',
    params: idParams,
    results: deliverySchema,
  },
  {
    method: 'put',
    path: '/sandbox/stripe/webhook-url',
    summary: 'Sandbox control: where events go (null: STRIPE_WEBHOOK_URL)',
    body: webhookUrlBodySchema,
    results: z.object({ url: z.string().nullable() }),
  },
];

/** Stripe Checkout (same protocol as the provider for the calls payments makes) and its controls. */
@Module({})
export class StripeSandboxModule implements NestModule {
  static forRoot(options: StripeSandboxOptions): DynamicModule {
    return {
      module: StripeSandboxModule,
      controllers: [StripeApiController, StripeCheckoutController, StripeRefundsController],
      providers: [
        { provide: STRIPE_OPTIONS, useValue: options },
        StripeStore,
        StripeSandboxService,
        StripeRefunds,
        StripeKeyGuard,
      ],
    };
  }

  /** Stripe's API is form-encoded with nested keys (`line_items[0][price_data][currency]`). */
  configure(consumer: MiddlewareConsumer): void {
    // Only the create calls have parameters; the routes themselves, so the paths are exactly the API's.
    consumer
      .apply(express.urlencoded({ extended: true, limit: '100kb' }))
      .forRoutes(
        { path: 'v1/checkout/sessions', method: RequestMethod.POST },
        { path: 'v1/refunds', method: RequestMethod.POST },
      );
  }
}
