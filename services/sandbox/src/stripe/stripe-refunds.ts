import { Body, Controller, Injectable, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '@manzil/nest-kit';
import { StripeErrorFilter, StripeKeyGuard } from './stripe-api.controller.js';
import {
  createRefundBodySchema,
  StripeApiError,
  type CreateRefundBody,
  type Refund,
} from './stripe.schema.js';
import { StripeSandboxService } from './stripe.service.js';
import { StripeStore, stripeId } from './stripe.store.js';

/**
 * Refunds as Stripe makes them: `POST /v1/refunds` with the payment intent of a paid session,
 * all of it or `amount` (minor units) of it; more than what is left is refused
 * (`charge_already_refunded`). Each refund posts `charge.refunded` (the charge with its
 * `amount_refunded` and `refunded`), signed like every other event, posted just after the
 * answer (Stripe's webhooks are asynchronous). `Idempotency-Key` is
 * honoured: a retried call answers the refund it made.
 */
@Injectable()
export class StripeRefunds {
  constructor(
    private readonly store: StripeStore,
    private readonly stripe: StripeSandboxService,
  ) {}

  async create(body: CreateRefundBody, idempotencyKey?: string): Promise<Refund> {
    // The key is claimed before anything happens: a second call with it, even one arriving
    // while the first is still running, answers the first one's refund (as Stripe does).
    if (idempotencyKey && !(await this.store.claimRefundKey(idempotencyKey))) {
      return this.earlierRefund(idempotencyKey);
    }
    try {
      return await this.refund(body, idempotencyKey);
    } catch (error) {
      if (idempotencyKey) await this.store.releaseRefundKey(idempotencyKey);
      throw error;
    }
  }

  /** Waits (a few seconds at most) for the refund of a key another call holds. */
  private async earlierRefund(key: string): Promise<Refund> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const earlier = await this.store.idempotentRefund(key);
      if (earlier) return earlier;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'There is currently another in-progress request using this Idempotent Key',
      'idempotency_key_in_use',
    );
  }

  private async refund(body: CreateRefundBody, idempotencyKey?: string): Promise<Refund> {
    const charge = await this.store.charge(body.payment_intent);
    if (!charge) {
      throw new StripeApiError(
        404,
        'invalid_request_error',
        `No such payment_intent: '${body.payment_intent}'`,
        'resource_missing',
        'payment_intent',
      );
    }
    const amount = body.amount ?? charge.amount - charge.amount_refunded;
    const refunded =
      amount > 0 ? await this.store.addRefunded(charge.payment_intent, amount, charge.amount) : null;
    if (refunded === null) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Charge ${charge.id} has already been refunded.`,
        'charge_already_refunded',
      );
    }
    const refund: Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: body.reason ?? null,
      metadata: body.metadata ?? {},
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
    };
    const updated = { ...charge, amount_refunded: refunded, refunded: refunded >= charge.amount };
    await this.store.saveCharge(updated);
    if (idempotencyKey) await this.store.saveIdempotentRefund(idempotencyKey, refund);
    // Posted after the answer, as Stripe does (the caller records its refund first).
    const event = await this.stripe.emit('charge.refunded', updated);
    setImmediate(() => void this.stripe.deliver(event.id));
    return refund;
  }
}

@Controller('v1/refunds')
@Public()
@UseGuards(StripeKeyGuard)
@UseFilters(StripeErrorFilter)
export class StripeRefundsController {
  constructor(private readonly refunds: StripeRefunds) {}

  @Post()
  async create(@Req() request: Request, @Body() body: unknown, @Res() response: Response): Promise<void> {
    const parsed = createRefundBodySchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid ${issue.path.join('.')}: ${issue.message}`,
        'parameter_invalid',
        issue.path.join('.'),
      );
    }
    response.status(200).json(await this.refunds.create(parsed.data, request.header('idempotency-key')));
  }
}
