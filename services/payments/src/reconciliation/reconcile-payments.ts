import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { SettlePayment } from '../checkout/settle-payment.js';
import { STRIPE } from '../checkout/stripe.provider.js';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';

export interface ReconcileReport {
  checked: number;
  paid: number;
  canceled: number;
}

/** At most this many sessions are asked about per run; the next run takes the rest. */
const BATCH = 100;

/**
 * A webhook can be lost (our service down, a network cut, the provider giving up): payments
 * still Pending after RECONCILE_AFTER_MS are asked about at the provider and settled as it
 * says, through the same SettlePayment as the webhook (so a webhook arriving after changes
 * nothing). A session still open is left for the next run.
 */
@Injectable()
export class ReconcilePayments {
  private readonly logger = new Logger('reconciliation');

  constructor(
    private readonly dataSource: DataSource,
    private readonly settle: SettlePayment,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async execute(): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, paid: 0, canceled: 0 };
    // A payment whose session was never opened (the process died while buying) is dead; not
    // one being bought right now, whose session is on its way (hence the floor of 5 minutes).
    // A bid fee's or a unit booking's session is opened by the bus's redelivery of its event
    // (openEventCheckout), not here.
    await this.dataSource.query(
      `UPDATE "payments" SET "status" = 'canceled', "settled_by" = 'reconciliation', "updated_at" = now()
        WHERE "status" = 'pending' AND "provider_session_id" IS NULL AND "purpose" NOT IN ('bid_fee', 'unit_booking')
          AND "created_at" < now() - make_interval(secs => greatest($1::double precision / 1000, 300))`,
      [this.config.RECONCILE_AFTER_MS],
    );
    const pending = (await this.dataSource.query(
      `SELECT "provider_session_id" FROM "payments"
        WHERE "status" = 'pending' AND "provider_session_id" IS NOT NULL
          AND "created_at" <= now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY "created_at" LIMIT $2`,
      [this.config.RECONCILE_AFTER_MS, BATCH],
    )) as { provider_session_id: string }[];
    for (const { provider_session_id: sessionId } of pending) {
      report.checked += 1;
      try {
        const session = await this.stripe.checkout.sessions.retrieve(sessionId);
        if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
          if ((await this.settle.execute(sessionId, 'paid', 'reconciliation')) === 'settled')
            report.paid += 1;
        } else if (session.status === 'expired') {
          if ((await this.settle.execute(sessionId, 'canceled', 'reconciliation')) === 'settled')
            report.canceled += 1;
        }
      } catch (error) {
        // One session the provider cannot answer for does not stop the others.
        this.logger.warn({ sessionId, error: String(error), msg: 'session not reconciled' });
      }
    }
    if (report.paid + report.canceled > 0) this.logger.log({ ...report, msg: 'payments reconciled' });
    return report;
  }
}
