import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../payments.config.js';
import { ExpireSubscriptions } from './expire-subscriptions.js';
import { ReconcilePayments, type ReconcileReport } from './reconcile-payments.js';

/** The BullMQ configuration of payments' own jobs (apart from the bus's). */
export const PAYMENT_JOBS = 'payments-jobs';
export const RECONCILIATION_QUEUE = 'payment-reconciliation';
const SCHEDULER_ID = 'reconcile-payments';

/**
 * One repeatable job (a BullMQ job scheduler on Redis, not a polling loop in the process):
 * every RECONCILE_EVERY_MS one replica, whichever worker takes it, reconciles pending
 * payments with the provider, closes ended subscriptions and tells holders whose subscription
 * is about to end. The scheduler is upserted on
 * start under a fixed id, so replicas and restarts share one schedule; a service that was
 * down finds the payments it missed still Pending and settles them on its first run.
 */
@Injectable()
export class ReconciliationScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('reconciliation');

  constructor(
    @InjectQueue(RECONCILIATION_QUEUE) private readonly queue: Queue,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.config.RECONCILE_EVERY_MS;
    const scheduled =
      every > 0
        ? this.queue.upsertJobScheduler(
            SCHEDULER_ID,
            { every },
            { name: 'reconcile', opts: { removeOnComplete: 100, removeOnFail: 500 } },
          )
        : this.queue.removeJobScheduler(SCHEDULER_ID);
    // Not awaited: boot does not wait on Redis; a failure is logged and the next start retries.
    void scheduled.then(
      () => this.logger.log({ every, msg: 'reconciliation scheduled' }),
      (error: unknown) => this.logger.error({ error: String(error), msg: 'reconciliation not scheduled' }),
    );
  }
}

@Processor({ name: RECONCILIATION_QUEUE, configKey: PAYMENT_JOBS })
export class ReconciliationProcessor extends WorkerHost implements BeforeApplicationShutdown {
  constructor(
    private readonly reconcile: ReconcilePayments,
    private readonly expire: ExpireSubscriptions,
  ) {
    super();
  }

  async process(_job: Job): Promise<ReconcileReport & { expired: number; expiring: number }> {
    const report = await this.reconcile.execute();
    const expired = await this.expire.execute();
    const expiring = await this.expire.noticeExpiring();
    return { ...report, expired, expiring };
  }

  /** A running job finishes before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
