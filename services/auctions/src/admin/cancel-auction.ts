import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { auctionCanceledV1, auctionCanceledV2, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { AppException } from '@manzil/nest-kit';
import { priceOf } from '../auctions/auction-view.js';
import { AuctionClosingScheduler } from '../closing/auction-closing.job.js';
import { PriceFeed } from '../live/price-feed.js';

const LOCKED_COLUMNS = `"id", "property_id", "ends_at", "closed_at", "canceled_at", "current_price", "starting_price",
  "min_increment", now() >= "ends_at" AS "ended"`;

interface LockedAuction {
  id: string;
  property_id: string;
  ends_at: Date;
  closed_at: Date | null;
  canceled_at: Date | null;
  current_price: string | null;
  starting_price: string;
  min_increment: string;
  ended: boolean;
}

/** What `told` needs of a cancelled auction once its transaction has committed. */
export type CanceledAuction = Pick<
  LockedAuction,
  'id' | 'ends_at' | 'current_price' | 'starting_price' | 'min_increment'
>;

/** Who ended it: an admin (v1, as before), or auctions itself for a withdrawn listing (v2). */
type Cancellation =
  | { cause: 'admin'; by: string; reason: string | undefined }
  | { cause: 'listing-withdrawn'; by: null; reason: string };

/**
 * Cancelling an auction that has not ended, by an admin or because its property left the
 * market. Under the auction's row lock (the lock bids take): its bids still pending or
 * accepted are rejected, it is marked cancelled AND settled (`closed_at`, no winner), so a bid
 * arriving after sees it closed and the closing job finds nothing to do; `auction.canceled`
 * (with every bidder, for notifications) is written in the same transaction. After commit its
 * closing job is dropped and live pages are told.
 */
@Injectable()
export class CancelAuction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: AuctionClosingScheduler,
    private readonly feed: PriceFeed,
  ) {}

  /** An admin's cancellation: 404 for another site's, 422 once it has ended or settled. */
  async execute(site: Site, id: string, adminId: string, reason: string | undefined): Promise<void> {
    const auction = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT ${LOCKED_COLUMNS} FROM "auctions" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
        [id, site],
      )) as LockedAuction[];
      if (!row) throw new AppException('NOT_FOUND');
      if (row.closed_at || row.canceled_at || row.ended)
        throw new AppException('AUCTION_NOT_CANCELABLE', 422);
      await this.cancelLocked(manager, site, row, { cause: 'admin', by: adminId, reason });
      return row;
    });
    await this.told([auction]);
  }

  /**
   * The property's auctions still running, cancelled in the caller's transaction (the
   * listing event's inbox, so once per event). An auction that has ended is left to its
   * closing job: a property sold to the winner after the end is the normal course. Returns
   * them for `told` after commit.
   */
  async cancelForWithdrawnListing(
    manager: EntityManager,
    site: Site,
    propertyId: string,
    reason: string,
  ): Promise<CanceledAuction[]> {
    const running = (await manager.query(
      `SELECT ${LOCKED_COLUMNS} FROM "auctions"
        WHERE "property_id" = $1 AND "site" = $2 AND "closed_at" IS NULL AND now() < "ends_at"
        ORDER BY "id" FOR UPDATE`,
      [propertyId, site],
    )) as LockedAuction[];
    for (const row of running)
      await this.cancelLocked(manager, site, row, { cause: 'listing-withdrawn', by: null, reason });
    return running;
  }

  /** After commit: the closing job is dropped and live pages see it closed. */
  async told(auctions: CanceledAuction[]): Promise<void> {
    for (const auction of auctions) {
      await this.scheduler.unschedule({ id: auction.id, endsAt: auction.ends_at });
      await this.feed.publish({
        auctionId: auction.id,
        ...priceOf(auction),
        bidCount: 0,
        leadingBidId: null,
        status: 'closed',
      });
    }
  }

  private async cancelLocked(
    manager: EntityManager,
    site: Site,
    row: LockedAuction,
    cancellation: Cancellation,
  ): Promise<void> {
    const { id } = row;
    const bidders = (await manager.query(
      `SELECT DISTINCT "bidder_id" FROM "bids" WHERE "auction_id" = $1 ORDER BY "bidder_id"`,
      [id],
    )) as { bidder_id: string }[];
    await manager.query(
      `UPDATE "bids" SET "status" = 'rejected', "updated_at" = now()
        WHERE "auction_id" = $1 AND "status" IN ('pending', 'accepted')`,
      [id],
    );
    // TypeORM answers an UPDATE … RETURNING as [rows, count].
    const [[{ canceled_at }]] = (await manager.query(
      `UPDATE "auctions"
          SET "canceled_at" = now(), "canceled_by" = $2, "cancel_reason" = $3, "closed_at" = now(),
              "winning_bid_id" = NULL, "updated_at" = now()
        WHERE "id" = $1 RETURNING "canceled_at"`,
      [id, cancellation.by, cancellation.reason || null],
    )) as [{ canceled_at: Date }[], number];
    const facts = {
      auctionId: id,
      propertyId: row.property_id,
      canceledAt: canceled_at.toISOString(),
      reason: cancellation.reason || null,
      bidderIds: bidders.map((b) => b.bidder_id),
    };
    await enqueue(
      manager,
      TOPICS.auctionsAuction,
      cancellation.cause === 'admin'
        ? newEvent(auctionCanceledV1, site, id, { ...facts, by: cancellation.by })
        : newEvent(auctionCanceledV2, site, id, { ...facts, by: null, cause: cancellation.cause }),
    );
  }
}
