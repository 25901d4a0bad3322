import { createHmac } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { StripeSandboxOptions } from './stripe.config.js';
import {
  StripeApiError,
  type Charge,
  type CheckoutSession,
  type CreateSessionBody,
  type Delivery,
  type StripeEvent,
} from './stripe.schema.js';
import { SESSION_SECONDS, STRIPE_OPTIONS, StripeStore, stripeId } from './stripe.store.js';

/** The API version our events say they are shaped for (the one stripe@23 asks for). */
export const SANDBOX_API_VERSION = '2026-10-28.endive';
const DELIVERY_TIMEOUT_MS = 10_000;

export type Outcome = 'pay' | 'fail';

export interface PaymentResult {
  session: CheckoutSession;
  /** Where the hosted page sends the browser. */
  redirectUrl: string;
  events: Delivery[];
}

/** The charge a paid session made (one per payment intent), nothing refunded yet. */
function chargeOf(session: CheckoutSession, paymentIntent: string): Charge {
  return {
    id: `ch_${paymentIntent.slice(3)}`,
    object: 'charge',
    amount: session.amount_total,
    amount_captured: session.amount_total,
    amount_refunded: 0,
    currency: session.currency,
    payment_intent: paymentIntent,
    metadata: session.metadata,
    paid: true,
    refunded: false,
    status: 'succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

/** Stripe's behaviour: sessions, the payer's decision on the hosted page, signed webhooks. */
@Injectable()
export class StripeSandboxService {
  private readonly logger = new Logger('stripe');

  constructor(
    private readonly store: StripeStore,
    @Inject(STRIPE_OPTIONS) private readonly options: StripeSandboxOptions,
  ) {}

  async createSession(
    body: CreateSessionBody,
    apiBaseUrl: string,
    idempotencyKey?: string,
  ): Promise<CheckoutSession> {
    let id = stripeId('cs_test');
    if (idempotencyKey) {
      id = await this.store.claimIdempotencyKey(idempotencyKey, id);
      const existing = await this.store.session(id);
      if (existing) return existing;
    }
    const now = Math.floor(Date.now() / 1000);
    const total = body.line_items.reduce((sum, item) => sum + item.quantity * item.price_data.unit_amount, 0);
    const currencies = new Set(body.line_items.map((item) => item.price_data.currency));
    if (currencies.size > 1) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'All line items must use the same currency',
        'parameter_invalid',
        'line_items',
      );
    }
    const base = (this.options.checkoutBaseUrl ?? apiBaseUrl).replace(/\/$/, '');
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency: [...currencies][0],
      client_reference_id: body.client_reference_id ?? null,
      customer_email: body.customer_email ?? null,
      locale: body.locale ?? null,
      metadata: body.metadata ?? {},
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      url: `${base}/checkout/${id}`,
      payment_intent: null,
      created: now,
      expires_at: now + SESSION_SECONDS,
      livemode: false,
      line_items_preview: body.line_items.map((item) => ({
        name: item.price_data.product_data.name,
        quantity: item.quantity,
        unit_amount: item.price_data.unit_amount,
      })),
    };
    await this.store.saveSession(session);
    return session;
  }

  async find(id: string): Promise<CheckoutSession> {
    const session = await this.store.session(id);
    if (!session) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such checkout.session: '${id}'`,
        'resource_missing',
        'id',
      );
    }
    return session;
  }

  /**
   * The payer's decision on the hosted page: Pay completes the session (paid,
   * `checkout.session.completed`), Fail ends it (`checkout.session.expired`: the card was
   * refused and the payer gave up). Events are posted now, or held for the test to deliver
   * later, twice, or never.
   */
  async decide(id: string, outcome: Outcome, webhook: 'send' | 'hold'): Promise<PaymentResult> {
    const session = await this.find(id);
    const moved = await this.store.transition(id, (current) =>
      outcome === 'pay'
        ? {
            ...current,
            status: 'complete',
            payment_status: 'paid',
            payment_intent: stripeId('pi'),
            url: null,
          }
        : { ...current, status: 'expired', url: null },
    );
    if (!moved) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This Checkout Session is no longer open (${session.status})`,
        'checkout_session_not_open',
      );
    }
    const settled = await this.find(id);
    if (settled.payment_intent) await this.store.saveCharge(chargeOf(settled, settled.payment_intent));
    const type = outcome === 'pay' ? 'checkout.session.completed' : 'checkout.session.expired';
    const event = await this.emit(type, settled);
    const events = webhook === 'send' ? [await this.deliver(event.id)] : [this.held(event)];
    const target = outcome === 'pay' ? settled.success_url : settled.cancel_url;
    return { session: settled, redirectUrl: target.replace('{CHECKOUT_SESSION_ID}', id), events };
  }

  /** `POST /v1/checkout/sessions/:id/expire`: an open session ends now. */
  async expire(id: string): Promise<CheckoutSession> {
    await this.find(id);
    const moved = await this.store.transition(id, (current) => ({
      ...current,
      status: 'expired',
      url: null,
    }));
    if (!moved) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status of open can be expired',
        'checkout_session_not_open',
      );
    }
    const session = await this.find(id);
    await this.deliver((await this.emit('checkout.session.expired', session)).id);
    return session;
  }

  async emit(type: string, object: CheckoutSession | Charge): Promise<StripeEvent> {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: SANDBOX_API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    await this.store.saveEvent(event);
    return event;
  }

  private held(event: StripeEvent): Delivery {
    return { eventId: event.id, type: event.type, url: null, status: null };
  }

  /**
   * Posts an event as Stripe does: the JSON body, `Stripe-Signature: t=<unix>,v1=<hex
   * HMAC-SHA256 of "<t>.<body>" with the endpoint secret>`. Any number of times (Stripe
   * retries; tests repeat), each signed afresh. Answers what the endpoint answered.
   */
  async deliver(eventId: string): Promise<Delivery> {
    const event = await this.store.event(eventId);
    if (!event)
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such event: '${eventId}'`,
        'resource_missing',
      );
    const url = (await this.store.webhookUrl()) ?? null;
    if (!url) {
      this.logger.warn({ eventId, msg: 'no STRIPE_WEBHOOK_URL: event not delivered' });
      return { eventId, type: event.type, url: null, status: null, error: 'no webhook URL configured' };
    }
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = createHmac('sha256', this.options.webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': `t=${timestamp},v1=${signature}`,
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      return { eventId, type: event.type, url, status: response.status };
    } catch (error) {
      return { eventId, type: event.type, url, status: null, error: String(error) };
    }
  }
}
