import type Stripe from 'stripe';
import type { DataSource } from 'typeorm';
import { PAYMENT_RESULT_PAGES, type Site } from '@manzil/contracts';
import type { PaymentsConfig } from '../payments.config.js';
import { toMinorUnits } from './stripe.provider.js';

export interface EventCheckout {
  site: Site;
  accountId: string;
  /** The payment's purpose, also in the session's metadata. */
  purpose: 'bid_fee' | 'unit_booking';
  currency: 'AED' | 'SAR';
  /** The line's name, both languages (the site's first). */
  name: { en: string; ar: string };
  /** Added to the result pages' query after `paymentId`, e.g. `bidId=…`: how they know the flow. */
  back: Record<string, string>;
  /** Further metadata for the provider's dashboard. */
  metadata: Record<string, string>;
}

interface PaymentRow {
  id: string;
  amount: string;
  status: string;
  provider_session_id: string | null;
}

/**
 * The Checkout session of a payment opened from another service's event (a bidding fee, a unit
 * booking), once: the payment row is already written (unique per subject), the session is
 * opened only while it has none, with the idempotency key `checkout-<payment>`. A provider that
 * cannot be reached throws: the bus delivers the event again and this resumes where it stopped.
 */
export async function openEventCheckout(
  dataSource: DataSource,
  stripe: Stripe,
  config: PaymentsConfig,
  payment: PaymentRow,
  checkout: EventCheckout,
): Promise<boolean> {
  if (payment.provider_session_id || payment.status !== 'pending') return false;
  const origin = checkout.site === 'sa' ? config.SITE_URL_SA : config.SITE_URL_AE;
  const back = new URLSearchParams({ paymentId: payment.id, ...checkout.back }).toString();
  const { en, ar } = checkout.name;
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      client_reference_id: payment.id,
      metadata: {
        paymentId: payment.id,
        site: checkout.site,
        accountId: checkout.accountId,
        purpose: checkout.purpose,
        ...checkout.metadata,
      },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: checkout.currency.toLowerCase(),
            unit_amount: toMinorUnits(payment.amount),
            product_data: { name: checkout.site === 'sa' ? `${ar} / ${en}` : `${en} / ${ar}` },
          },
        },
      ],
      success_url: `${origin}${PAYMENT_RESULT_PAGES.success}?${back}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}${PAYMENT_RESULT_PAGES.failed}?${back}`,
    },
    { idempotencyKey: `checkout-${payment.id}` },
  );
  await dataSource.query(
    `UPDATE "payments" SET "provider_session_id" = $2, "checkout_url" = $3, "updated_at" = now()
      WHERE "id" = $1 AND "provider_session_id" IS NULL`,
    [payment.id, session.id, session.url],
  );
  return true;
}
