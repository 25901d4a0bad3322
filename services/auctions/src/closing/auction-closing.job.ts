import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import { catchUpOnStart, jobDueAt, ServiceJobWorker } from '@manzil/nest-kit/jobs';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { CloseAuction, type CloseOutcome } from './close-auction.js';

/** The BullMQ configuration of auctions' own jobs (apart from the bus's). */
export const AUCTION_JOBS = 'auctions-jobs';
export const CLOSING_QUEUE = 'auction-closing';

interface ClosingJobData {
  auctionId: string;
  /** The end this job was scheduled for (ms); absent on jobs queued before rescheduling existed. */
  endsAt?: number;
}

/**
 * One delayed job per auction at its end time (BullMQ on Redis, not a polling loop). The job
 * id is the auction's and its end's, so scheduling the same auction again, from any replica,
 * is one job (an auction moved to another end would get another job). On start every
 * unsettled auction is scheduled again: one whose end passed while the service was down gets
 * a job with no delay.
 */
@Injectable()
export class AuctionClosingScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('auction-closing');

  constructor(
    @InjectQueue(CLOSING_QUEUE) private readonly queue: Queue<ClosingJobData>,
    private readonly dataSource: DataSource,
  ) {}

  async schedule(auction: { id: string; endsAt: Date }): Promise<void> {
    await this.queue.add(
      'close',
      { auctionId: auction.id, endsAt: auction.endsAt.getTime() },
      jobDueAt(`close-${auction.id}`, auction.endsAt),
    );
  }

  /**
   * Drops the job of an end the auction no longer has (rescheduled or cancelled). A job
   * already running, or one another replica re-adds, is harmless: the processor skips a job
   * whose end is not the auction's, and a cancelled auction is settled.
   */
  async unschedule(auction: { id: string; endsAt: Date }): Promise<void> {
    const jobId = jobDueAt(`close-${auction.id}`, auction.endsAt).jobId!;
    await this.queue.remove(jobId).catch((error: unknown) => {
      this.logger.warn({ auctionId: auction.id, error: String(error), msg: 'closing job not removed' });
    });
  }

  /** Every auction not yet settled, ended or not: the ended ones close now. */
  async catchUp(): Promise<number> {
    const rows = (await this.dataSource.query(
      `SELECT "id", "ends_at" FROM "auctions" WHERE "closed_at" IS NULL ORDER BY "ends_at"`,
    )) as { id: string; ends_at: Date }[];
    for (const row of rows) await this.schedule({ id: row.id, endsAt: row.ends_at });
    return rows.length;
  }

  onApplicationBootstrap(): void {
    catchUpOnStart(this.logger, 'closing jobs', () => this.catchUp());
  }
}

@Processor({ name: CLOSING_QUEUE, configKey: AUCTION_JOBS })
export class AuctionClosingProcessor extends ServiceJobWorker {
  constructor(
    private readonly closeAuction: CloseAuction,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async process(job: Job<ClosingJobData>): Promise<CloseOutcome | 'rescheduled'> {
    if (job.data.endsAt !== undefined) {
      // An admin moved the end: the job of the new end closes it, not this one.
      const [row] = (await this.dataSource.query(`SELECT "ends_at" FROM "auctions" WHERE "id" = $1`, [
        job.data.auctionId,
      ])) as { ends_at: Date }[];
      if (row && row.ends_at.getTime() !== job.data.endsAt) return 'rescheduled';
    }
    const outcome = await this.closeAuction.execute(job.data.auctionId);
    if (outcome === 'not-ended') throw new Error(`auction ${job.data.auctionId} has not ended yet`);
    return outcome;
  }
}
