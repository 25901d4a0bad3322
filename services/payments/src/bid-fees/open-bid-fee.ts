import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Site } from '@manzil/contracts';
import { openEventCheckout } from '../checkout/open-checkout.js';
import { STRIPE } from '../checkout/stripe.provider.js';
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
 * opened once (openEventCheckout).
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
    const opened = await openEventCheckout(this.dataSource, this.stripe, this.config, payment, {
      site: bid.site,
      accountId: bid.bidderId,
      purpose: 'bid_fee',
      currency: bid.currency,
      name: FEE_NAME,
      back: { bidId: bid.bidId },
      metadata: { bidId: bid.bidId },
    });
    if (opened) this.logger.log({ paymentId: payment.id, bidId: bid.bidId, msg: 'bid fee checkout opened' });
  }
}
