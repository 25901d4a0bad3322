import { z } from 'zod';

/** A Stripe API error: `{ error: { type, message, code?, param? } }` with the HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'authentication_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** The subset of `POST /v1/checkout/sessions` the sandbox understands (form-encoded, as Stripe's). */
export const createSessionBodySchema = z.object({
  mode: z.literal('payment'),
  success_url: z.url(),
  cancel_url: z.url(),
  client_reference_id: z.string().max(200).optional(),
  customer_email: z.email().optional(),
  locale: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  line_items: z
    .array(
      z.object({
        quantity: z.coerce.number().int().min(1),
        price_data: z.object({
          currency: z.string().regex(/^[a-z]{3}$/),
          unit_amount: z.coerce.number().int().min(0),
          product_data: z.object({ name: z.string().min(1) }),
        }),
      }),
    )
    .min(1),
});
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>;

/** What the sandbox keeps of a session: the fields of Stripe's Checkout Session object it serves. */
export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not Stripe's: the line item names, for the hosted page. */
  line_items_preview: { name: string; quantity: number; unit_amount: number }[];
}

/** A Stripe event (`object: 'event'`) as posted to the webhook. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: CheckoutSession | Charge };
}

/** `POST /v1/refunds` (form-encoded): the payment to refund, all of it or `amount` of it. */
export const createRefundBodySchema = z.object({
  payment_intent: z.string().min(1),
  amount: z.coerce.number().int().min(1).optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
export type CreateRefundBody = z.infer<typeof createRefundBodySchema>;

/** The fields of Stripe's Refund object the sandbox serves. */
export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string | null;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

/** The fields of Stripe's Charge object `charge.refunded` carries. */
export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  paid: true;
  refunded: boolean;
  status: 'succeeded';
  created: number;
  livemode: false;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string | null;
  status: number | null;
  error?: string;
}

export const webhookModeSchema = z.object({
  /** `send` (default): events are posted now; `hold`: kept for `POST /sandbox/stripe/events/:id/deliver`. */
  webhook: z.enum(['send', 'hold']).default('send'),
});
export const webhookUrlBodySchema = z.object({ url: z.url().nullable() });
export const listEventsQuerySchema = z.object({ session: z.string().optional() });
