import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { catchUpOnStart, jobDueAt, ServiceJobWorker } from '@manzil/nest-kit/jobs';
import { LISTING_JOBS } from '../ad-licence/licence-expiry.job.js';
import { releaseBooking, type BookingOutcome } from './booking-outcome.js';

export const UNIT_HOLD_QUEUE = 'unit-hold';

export interface HoldJobData {
  bookingId: string;
}

/**
 * One delayed job per booking at its hold's end (BullMQ on Redis, not a polling loop): a hold
 * still unpaid then is released and the unit is available again. On start every hold still
 * open is scheduled again, so one that ended while the service was down is released at once.
 */
@Injectable()
export class UnitHoldScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('unit-hold');

  constructor(
    @InjectQueue(UNIT_HOLD_QUEUE) private readonly queue: Queue<HoldJobData>,
    private readonly dataSource: DataSource,
  ) {}

  async catchUp(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT "id", "hold_expires_at" FROM "unit_bookings" WHERE "status" = 'held' ORDER BY "hold_expires_at"`,
    )) as { id: string; hold_expires_at: Date }[];
    for (const row of rows)
      await this.queue.add(
        'release',
        { bookingId: row.id },
        jobDueAt(`unit-hold-${row.id}`, row.hold_expires_at),
      );
    return rows.length;
  }

  onApplicationBootstrap(): void {
    catchUpOnStart(this.logger, 'unit hold jobs', () => this.catchUp());
  }
}

@Processor({ name: UNIT_HOLD_QUEUE, configKey: LISTING_JOBS })
export class UnitHoldProcessor extends ServiceJobWorker {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async process(job: Job<HoldJobData>): Promise<BookingOutcome> {
    const outcome = await this.dataSource.transaction((manager) =>
      releaseBooking(manager, job.data.bookingId, 'expired'),
    );
    // A job that ran early (clocks apart) is retried with its backoff.
    if (outcome === 'not-ended') throw new Error(`hold of booking ${job.data.bookingId} has not ended yet`);
    return outcome;
  }
}
