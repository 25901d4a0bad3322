import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { AppException, Public, ZodPipe } from '@manzil/nest-kit';
import { escapeHtml, page } from '../nafath/html.js';
import {
  listEventsQuerySchema,
  StripeApiError,
  webhookModeSchema,
  webhookUrlBodySchema,
  type CheckoutSession,
  type Delivery,
  type StripeEvent,
} from './stripe.schema.js';
import { StripeSandboxService, type Outcome, type PaymentResult } from './stripe.service.js';
import { StripeStore } from './stripe.store.js';

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

function checkoutPage(session: CheckoutSession): string {
  const lines = session.line_items_preview
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.name)} × ${item.quantity}</td><td>${money(item.unit_amount * item.quantity, session.currency)}</td></tr>`,
    )
    .join('');
  const open = session.status === 'open';
  // Relative to the page (/checkout/<id>), so the forms work through the gateway's /api/sandbox too.
  const action = (outcome: string) => `${encodeURIComponent(session.id)}/${outcome}`;
  return page(
    'Sandbox checkout',
    `<h1>Sandbox checkout</h1>
<p class="muted">A stand-in for Stripe's hosted page. No card is charged.</p>
<table><tbody>${lines}<tr><th>Total</th><th data-testid="checkout-total">${money(session.amount_total, session.currency)}</th></tr></tbody></table>
${
  open
    ? `<p><form method="post" action="${action('pay')}" style="display:inline"><button class="ok" data-testid="checkout-pay">Pay</button></form>
<form method="post" action="${action('fail')}" style="display:inline"><button class="no" data-testid="checkout-fail">Fail</button></form>
<form method="post" action="${action('cancel')}" style="display:inline"><button data-testid="checkout-cancel">Cancel</button></form></p>`
    : `<p data-testid="checkout-closed">This checkout is ${escapeHtml(session.status)}.</p>`
}`,
  );
}

/**
 * The hosted checkout page (what the browser sees at the session's `url`) and the controls
 * tests and the demo use to play the payer and the webhook's timing. Not Stripe's protocol.
 */
@Controller()
@Public()
export class StripeCheckoutController {
  constructor(
    private readonly stripe: StripeSandboxService,
    private readonly store: StripeStore,
  ) {}

  @Get('checkout/:id')
  async show(@Param('id') id: string, @Res() response: Response): Promise<void> {
    const session = await this.store.session(id);
    if (!session) throw new AppException('NOT_FOUND');
    response.status(200).type('html').send(checkoutPage(session));
  }

  /** The page's buttons: Pay and Fail settle the session and go back to the site; Cancel just goes back. */
  @Post('checkout/:id/:outcome')
  async submit(
    @Param('id') id: string,
    @Param('outcome', new ZodPipe(z.enum(['pay', 'fail', 'cancel']))) outcome: Outcome | 'cancel',
    @Res() response: Response,
  ): Promise<void> {
    if (outcome === 'cancel') {
      const session = await this.store.session(id);
      if (!session) throw new AppException('NOT_FOUND');
      response.redirect(303, session.cancel_url);
      return;
    }
    const result = await this.guard(this.stripe.decide(id, outcome, 'send'));
    response.redirect(303, result.redirectUrl);
  }

  @Post('sandbox/stripe/sessions/:id/pay')
  @HttpCode(200)
  pay(
    @Param('id') id: string,
    @Query(new ZodPipe(webhookModeSchema)) query: z.infer<typeof webhookModeSchema>,
  ): Promise<PaymentResult> {
    return this.guard(this.stripe.decide(id, 'pay', query.webhook));
  }

  @Post('sandbox/stripe/sessions/:id/fail')
  @HttpCode(200)
  fail(
    @Param('id') id: string,
    @Query(new ZodPipe(webhookModeSchema)) query: z.infer<typeof webhookModeSchema>,
  ): Promise<PaymentResult> {
    return this.guard(this.stripe.decide(id, 'fail', query.webhook));
  }

  /** Events, newest first (all, or of one session). */
  @Get('sandbox/stripe/events')
  async events(
    @Query(new ZodPipe(listEventsQuerySchema)) query: z.infer<typeof listEventsQuerySchema>,
  ): Promise<StripeEvent[]> {
    const events = await this.store.events();
    return events.filter((event) => query.session === undefined || event.data.object.id === query.session);
  }

  /** Posts an event (again): a held one, a duplicate, a late one. */
  @Post('sandbox/stripe/events/:id/deliver')
  @HttpCode(200)
  deliver(@Param('id') id: string): Promise<Delivery> {
    return this.guard(this.stripe.deliver(id));
  }

  /** Where events go from now on (null: back to STRIPE_WEBHOOK_URL). */
  @Put('sandbox/stripe/webhook-url')
  async setWebhookUrl(
    @Body(new ZodPipe(webhookUrlBodySchema)) body: z.infer<typeof webhookUrlBodySchema>,
  ): Promise<{ url: string | null }> {
    await this.store.setWebhookUrl(body.url);
    return { url: (await this.store.webhookUrl()) ?? null };
  }

  /** The provider's errors, as our envelope on these controls. */
  private async guard<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof StripeApiError) {
        throw new AppException(
          error.status === 404 ? 'NOT_FOUND' : 'INVALID_REQUEST',
          error.status === 404 ? 404 : 422,
        );
      }
      throw error;
    }
  }
}
