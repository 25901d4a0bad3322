import { Controller, Headers, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException, Public } from '@manzil/nest-kit';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { recordRefund } from '../admin/refund-payment.js';
import { SettlePayment, type Settlement } from './settle-payment.js';
import { STRIPE } from './stripe.provider.js';

/** The events that settle a checkout session, and how. Others are acknowledged and ignored. */
const SETTLEMENTS: Partial<Record<Stripe.Event['type'], Settlement>> = {
  'checkout.session.completed': 'paid',
  'checkout.session.async_payment_succeeded': 'paid',
  'checkout.session.expired': 'canceled',
  'checkout.session.async_payment_failed': 'canceled',
};

/**
 * `charge.refunded` of a charge refunded in full: the payment is Refunded (found by the
 * payment intent the admin's refund kept, else by the checkout's `paymentId` metadata), its
 * subscription revoked. A partial refund changes nothing here (the console refunds in full).
 */
async function refundedAtProvider(manager: EntityManager, charge: Stripe.Charge): Promise<void> {
  if (!charge.refunded) return;
  const intent =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  const refund = { refundId: charge.id, by: null };
  const done = intent ? await recordRefund(manager, { paymentIntent: intent }, refund) : false;
  const paymentId = charge.metadata?.paymentId;
  if (!done && paymentId && /^[0-9a-f-]{36}$/i.test(paymentId))
    await recordRefund(manager, { paymentId }, refund);
}

/**
 * Stripe's webhook endpoint. Public (Stripe has no token of ours) but trusted only after
 * `stripe.webhooks.constructEvent` has checked the `Stripe-Signature` over the raw body with
 * our endpoint secret (and the timestamp's tolerance): anything else is refused with 400.
 * Each event id is recorded in `provider_events` in the same transaction as its effect, so a
 * repeated delivery does nothing; order does not matter because settling is monotonic
 * (SettlePayment).
 */
@Controller('v1/payments/stripe')
@Public()
export class StripeWebhookController {
  private readonly logger = new Logger('stripe-webhook');

  constructor(
    private readonly dataSource: DataSource,
    private readonly settle: SettlePayment,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    let event: Stripe.Event;
    try {
      if (!request.rawBody || !signature) throw new Error('no body or no signature');
      event = this.stripe.webhooks.constructEvent(
        request.rawBody,
        signature,
        this.config.STRIPE_WEBHOOK_SECRET,
      );
    } catch (error) {
      this.logger.warn({ error: String(error), msg: 'webhook refused: signature' });
      throw new AppException('INVALID_REQUEST', 400);
    }
    const handled = await this.dataSource.transaction(async (manager) => {
      const fresh = (await manager.query(
        `INSERT INTO "provider_events" ("id", "type") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "id"`,
        [event.id, event.type],
      )) as unknown[];
      if (fresh.length === 0) return false;
      const settlement = SETTLEMENTS[event.type];
      if (settlement) {
        const session = event.data.object as Stripe.Checkout.Session;
        // A completed session may still wait for an asynchronous method: paid only when it says so.
        const paid = settlement === 'canceled' || session.payment_status !== 'unpaid';
        if (paid) await this.settle.execute(session.id, settlement, 'webhook', manager);
      }
      if (event.type === 'charge.refunded') await refundedAtProvider(manager, event.data.object);
      return true;
    });
    return { received: true, duplicate: !handled };
  }
}
