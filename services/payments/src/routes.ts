import { z } from 'zod';
import {
  checkoutViewSchema,
  pageSchema,
  paginationQuerySchema,
  paymentIdParamsSchema,
  paymentViewSchema,
  PAYMENTS_API,
  purchasePlanBodySchema,
  subscriptionViewSchema,
} from '@manzil/contracts';
import type { RouteDoc } from '@manzil/nest-kit';

const PAYERS = ['company', 'agent'];

/** The OpenAPI description of subscriptions and payments, from the schemas the controllers validate with. */
export const SUBSCRIPTION_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: PAYMENTS_API.activeSubscription,
    summary: "The subscription in force for the caller (a company agent: the company's), or null",
    results: subscriptionViewSchema.nullable(),
    roles: PAYERS,
  },
  {
    method: 'get',
    path: PAYMENTS_API.subscriptions,
    summary: "The plan holder's subscriptions, latest end first",
    query: paginationQuerySchema,
    results: pageSchema(subscriptionViewSchema),
    roles: PAYERS,
  },
  {
    method: 'post',
    path: PAYMENTS_API.purchase,
    summary:
      'Buy a plan of this site: a Pending payment and the Stripe Checkout URL (a company, or an agent without company)',
    body: purchasePlanBodySchema,
    results: checkoutViewSchema,
    roles: PAYERS,
  },
  {
    method: 'post',
    path: PAYMENTS_API.upgrade,
    summary: 'Upgrade the subscription in force to a higher tier, from when it is paid',
    body: purchasePlanBodySchema,
    results: checkoutViewSchema,
    roles: PAYERS,
  },
  {
    method: 'get',
    path: PAYMENTS_API.payments,
    summary: "The caller's payments, newest first",
    query: paginationQuerySchema,
    results: pageSchema(paymentViewSchema),
    roles: PAYERS,
  },
  {
    method: 'get',
    path: '/v1/payments/:id',
    summary: "One of the caller's payments (what the result pages show)",
    params: paymentIdParamsSchema,
    results: paymentViewSchema,
    roles: PAYERS,
  },
  {
    method: 'post',
    path: PAYMENTS_API.stripeWebhook,
    summary:
      'Stripe webhook: a Stripe event signed with `Stripe-Signature` (400 otherwise); each event id handled once',
    body: z.object({
      id: z.string(),
      type: z.string(),
      data: z.object({ object: z.record(z.string(), z.unknown()) }),
    }),
    results: z.object({ received: z.literal(true), duplicate: z.boolean() }),
  },
];
