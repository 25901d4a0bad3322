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
    await this.queue.add('close', { auctionId: auction.id }, jobDueAt(`close-${auction.id}`, auction.endsAt));
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
  constructor(private readonly closeAuction: CloseAuction) {
    super();
  }

  async process(job: Job<ClosingJobData>): Promise<CloseOutcome> {
    const outcome = await this.closeAuction.execute(job.data.auctionId);
    if (outcome === 'not-ended') throw new Error(`auction ${job.data.auctionId} has not ended yet`);
    return outcome;
  }
}
