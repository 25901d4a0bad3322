import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { SavedSearchFrequency, SavedSearchMatch, Site } from '@manzil/contracts';
import { catchUpOnStart, ServiceJobWorker } from '@manzil/nest-kit/jobs';
import { publishMatched } from './saved-search-alerts.js';

/** The BullMQ configuration of search's own jobs (apart from the bus's). */
export const SEARCH_JOBS = 'search-jobs';
export const SAVED_SEARCH_DIGEST_QUEUE = 'saved-search-digest';
export const DIGEST_EVERY_MS = Symbol('DIGEST_EVERY_MS');

/** A digest leaves at most once in this long per saved search, however often the job runs. */
const DIGEST_GAP_MS = 23 * 3_600_000;
/** A digest names at most this many listings (the newest), the link shows the rest. */
const DIGEST_MAX_MATCHES = 20;

/**
 * The daily digest: for each `daily` saved search with pending matches and no digest in the
 * last 23 hours, one `saved-search.matched` with its matches (newest first), the matches
 * marked sent and the search's `last_digest_at` moved, in one transaction (the row locked,
 * so two runs at once send one digest).
 */
@Injectable()
export class SendSavedSearchDigests {
  constructor(private readonly dataSource: DataSource) {}

  async execute(now = new Date()): Promise<number> {
    const due = (await this.dataSource.query(
      `SELECT DISTINCT s."id" FROM "saved_search" s JOIN "saved_search_match" m ON m."saved_search_id" = s."id"
       WHERE s."frequency" = 'daily' AND m."digested_at" IS NULL
         AND (s."last_digest_at" IS NULL OR s."last_digest_at" <= $1)`,
      [new Date(now.getTime() - DIGEST_GAP_MS)],
    )) as { id: string }[];
    let sent = 0;
    for (const { id } of due)
      sent += await this.dataSource.transaction(async (tx) => {
        const [search] = (await tx.query(
          `SELECT "id", "customer_id", "site", "name", "link", "frequency", "last_digest_at" FROM "saved_search"
           WHERE "id" = $1 AND "frequency" = 'daily' AND ("last_digest_at" IS NULL OR "last_digest_at" <= $2)
           FOR UPDATE`,
          [id, new Date(now.getTime() - DIGEST_GAP_MS)],
        )) as {
          id: string;
          customer_id: string;
          site: Site;
          name: string;
          link: string;
          frequency: SavedSearchFrequency;
        }[];
        if (!search) return 0;
        const pending = (await tx.query(
          `SELECT "match" FROM "saved_search_match" WHERE "saved_search_id" = $1 AND "digested_at" IS NULL
           ORDER BY "matched_at" DESC`,
          [id],
        )) as { match: SavedSearchMatch }[];
        if (pending.length === 0) return 0;
        await publishMatched(
          tx,
          search.site,
          search,
          pending.slice(0, DIGEST_MAX_MATCHES).map((row) => row.match),
        );
        await tx.query(
          `UPDATE "saved_search_match" SET "digested_at" = $2 WHERE "saved_search_id" = $1 AND "digested_at" IS NULL`,
          [id, now],
        );
        await tx.query(`UPDATE "saved_search" SET "last_digest_at" = $2 WHERE "id" = $1`, [id, now]);
        return 1;
      });
    return sent;
  }
}

/** One repeatable BullMQ job (a job scheduler, one however many replicas start) runs the digest. */
@Injectable()
export class SavedSearchDigestScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('saved-search-digest');

  constructor(
    @InjectQueue(SAVED_SEARCH_DIGEST_QUEUE) private readonly queue: Queue,
    @Inject(DIGEST_EVERY_MS) private readonly everyMs: number,
  ) {}

  onApplicationBootstrap(): void {
    catchUpOnStart(this.logger, 'saved-search digest', async () => {
      await this.queue.upsertJobScheduler(
        'saved-search-digest',
        { every: this.everyMs },
        { name: 'digest', opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
      return 1;
    });
  }
}

@Processor({ name: SAVED_SEARCH_DIGEST_QUEUE, configKey: SEARCH_JOBS })
export class SavedSearchDigestProcessor extends ServiceJobWorker {
  constructor(private readonly digests: SendSavedSearchDigests) {
    super();
  }

  async process(): Promise<number> {
    return this.digests.execute();
  }
}
