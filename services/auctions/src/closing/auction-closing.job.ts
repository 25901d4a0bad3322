import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job, Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { CloseAuction, type CloseOutcome } from './close-auction.js';

/** The BullMQ configuration of auctions' own jobs (apart from the bus's). */
export const AUCTION_JOBS = 'auctions-jobs';
export const CLOSING_QUEUE = 'auction-closing';

interface ClosingJobData {
  auctionId: string;
}

/** A job that ran early (clocks apart) fails and is retried: 1 s, 2 s, 4 s … */
const RETRY = { attempts: 8, backoff: { type: 'exponential', delay: 1_000 } } as const;

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
      { auctionId: auction.id },
      {
        jobId: `close-${auction.id}-${auction.endsAt.getTime()}`,
        delay: Math.max(0, auction.endsAt.getTime() - Date.now()),
        removeOnComplete: 1_000,
        removeOnFail: 1_000,
        ...RETRY,
      },
    );
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
    // Not awaited: boot does not wait on Redis; a failure is logged, the next start retries.
    void this.catchUp().then(
      (count) => this.logger.log({ count, msg: 'closing jobs scheduled' }),
      (error: unknown) => this.logger.error({ error: String(error), msg: 'closing jobs not scheduled' }),
    );
  }
}

@Processor({ name: CLOSING_QUEUE, configKey: AUCTION_JOBS })
export class AuctionClosingProcessor extends WorkerHost implements BeforeApplicationShutdown {
  constructor(private readonly closeAuction: CloseAuction) {
    super();
  }

  async process(job: Job<ClosingJobData>): Promise<CloseOutcome> {
    const outcome = await this.closeAuction.execute(job.data.auctionId);
    if (outcome === 'not-ended') throw new Error(`auction ${job.data.auctionId} has not ended yet`);
    return outcome;
  }

  /** A running job finishes before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}
