import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { Site, unitBookingHeldV1 } from '@manzil/contracts';
import type { z } from 'zod';
import { openEventCheckout } from '../checkout/open-checkout.js';
import { STRIPE } from '../checkout/stripe.provider.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';

export type HeldBooking = z.infer<typeof unitBookingHeldV1.payload> & { site: Site };

/**
 * A unit held for a booking (listings' `unit.booking-held`) becomes a Pending payment (purpose
 * `unit_booking`) with its Checkout session, exactly like a bidding fee: one payment per
 * booking (unique `booking_id`) and one session per payment (openEventCheckout), so a
 * redelivered event opens nothing twice and a provider error resumes on the redelivery.
 */
@Injectable()
export class OpenUnitBooking {
  private readonly logger = new Logger('unit-booking');

  constructor(
    private readonly dataSource: DataSource,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async execute(booking: HeldBooking): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "payments" ("site", "account_id", "purpose", "booking_id", "unit_id", "project_id", "project_slug",
                               "title_en", "title_ar", "amount", "currency")
       VALUES ($1, $2, 'unit_booking', $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT ("booking_id") WHERE "booking_id" IS NOT NULL DO NOTHING`,
      [
        booking.site,
        booking.customerId,
        booking.bookingId,
        booking.unitId,
        booking.projectId,
        booking.projectSlug,
        booking.title.en,
        booking.title.ar,
        booking.amount.toFixed(2),
        booking.currency,
      ],
    );
    const [payment] = (await this.dataSource.query(
      `SELECT "id", "amount", "status", "provider_session_id" FROM "payments" WHERE "booking_id" = $1`,
      [booking.bookingId],
    )) as { id: string; amount: string; status: string; provider_session_id: string | null }[];
    const opened = await openEventCheckout(this.dataSource, this.stripe, this.config, payment, {
      site: booking.site,
      accountId: booking.customerId,
      purpose: 'unit_booking',
      currency: booking.currency,
      name: {
        en: `Unit booking: ${booking.title.en}`,
        ar: `حجز وحدة: ${booking.title.ar}`,
      },
      back: { bookingId: booking.bookingId },
      metadata: { bookingId: booking.bookingId, unitId: booking.unitId },
    });
    if (opened)
      this.logger.log({
        paymentId: payment.id,
        bookingId: booking.bookingId,
        msg: 'unit booking checkout opened',
      });
  }
}
