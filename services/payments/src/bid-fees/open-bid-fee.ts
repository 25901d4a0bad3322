import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { PAYMENT_RESULT_PAGES, type Site } from '@manzil/contracts';
import { STRIPE, toMinorUnits } from '../checkout/stripe.provider.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';

export interface PendingBid {
  site: Site;
  bidId: string;
  auctionId: string;
  bidderId: string;
  /** The fee, a decimal in the site's currency. */
  fee: number;
  currency: 'AED' | 'SAR';
}

const FEE_NAME = {
  en: 'Auction bidding fee',
  ar: 'رسوم المزايدة',
} as const;

/**
 * A pending bid's fee becomes a Pending payment (purpose `bid_fee`) with its Stripe Checkout
 * session, opened as soon as payments reads `bid.placed`, so the bidder finds the page ready.
 * Idempotent without an inbox row: one payment per bid (unique `bid_id`), and the session is
 * opened only while the payment has none, with the idempotency key `checkout-<payment>`. A
 * provider that cannot be reached throws, the bus delivers the event again, and this picks up
 * where it stopped (a row without session is never half a payment: the session is its start).
 */
@Injectable()
export class OpenBidFee {
  private readonly logger = new Logger('bid-fee');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async execute(bid: PendingBid): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "payments" ("site", "account_id", "purpose", "bid_id", "auction_id", "amount", "currency")
       VALUES ($1, $2, 'bid_fee', $3, $4, $5, $6) ON CONFLICT ("bid_id") WHERE "bid_id" IS NOT NULL DO NOTHING`,
      [bid.site, bid.bidderId, bid.bidId, bid.auctionId, bid.fee.toFixed(2), bid.currency],
    );
    const [payment] = (await this.dataSource.query(
      `SELECT "id", "amount", "status", "provider_session_id" FROM "payments" WHERE "bid_id" = $1`,
      [bid.bidId],
    )) as { id: string; amount: string; status: string; provider_session_id: string | null }[];
    if (payment.provider_session_id || payment.status !== 'pending') return;
    const origin = bid.site === 'sa' ? this.config.SITE_URL_SA : this.config.SITE_URL_AE;
    const back = `paymentId=${payment.id}&bidId=${bid.bidId}`;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: payment.id,
        metadata: {
          paymentId: payment.id,
          site: bid.site,
          accountId: bid.bidderId,
          purpose: 'bid_fee',
          bidId: bid.bidId,
        },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: bid.currency.toLowerCase(),
              unit_amount: toMinorUnits(payment.amount),
              product_data: {
                name:
                  bid.site === 'sa' ? `${FEE_NAME.ar} / ${FEE_NAME.en}` : `${FEE_NAME.en} / ${FEE_NAME.ar}`,
              },
            },
          },
        ],
        success_url: `${origin}${PAYMENT_RESULT_PAGES.success}?${back}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}${PAYMENT_RESULT_PAGES.failed}?${back}`,
      },
      { idempotencyKey: `checkout-${payment.id}` },
    );
    await this.dataSource.query(
      `UPDATE "payments" SET "provider_session_id" = $2, "checkout_url" = $3, "updated_at" = now()
        WHERE "id" = $1 AND "provider_session_id" IS NULL`,
      [payment.id, session.id, session.url],
    );
    this.logger.log({ paymentId: payment.id, bidId: bid.bidId, msg: 'bid fee checkout opened' });
  }
}
