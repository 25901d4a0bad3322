import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { auctionCanceledV1, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import { AppException } from '@manzil/nest-kit';
import { priceOf } from '../auctions/auction-view.js';
import { AuctionClosingScheduler } from '../closing/auction-closing.job.js';
import { PriceFeed } from '../live/price-feed.js';

/**
 * An admin cancels an auction that has not ended. Under the auction's row lock (the lock bids
 * take): its bids still pending or accepted are rejected, it is marked cancelled AND settled
 * (`closed_at`, no winner), so a bid arriving after sees it closed and the closing job finds
 * nothing to do; `auction.canceled` (with every bidder, for notifications) is written in the
 * same transaction. After commit its closing job is dropped and live pages are told.
 */
@Injectable()
export class CancelAuction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: AuctionClosingScheduler,
    private readonly feed: PriceFeed,
  ) {}

  async execute(site: Site, id: string, adminId: string, reason: string | undefined): Promise<void> {
    const auction = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT "id", "property_id", "ends_at", "closed_at", "canceled_at", "current_price", "starting_price",
                "min_increment", now() >= "ends_at" AS "ended"
           FROM "auctions" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
        [id, site],
      )) as {
        id: string;
        property_id: string;
        ends_at: Date;
        closed_at: Date | null;
        canceled_at: Date | null;
        current_price: string | null;
        starting_price: string;
        min_increment: string;
        ended: boolean;
      }[];
      if (!row) throw new AppException('NOT_FOUND');
      if (row.closed_at || row.canceled_at || row.ended)
        throw new AppException('AUCTION_NOT_CANCELABLE', 422);
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
        [id, adminId, reason || null],
      )) as [{ canceled_at: Date }[], number];
      await enqueue(
        manager,
        TOPICS.auctionsAuction,
        newEvent(auctionCanceledV1, site, id, {
          auctionId: id,
          propertyId: row.property_id,
          canceledAt: canceled_at.toISOString(),
          by: adminId,
          reason: reason || null,
          bidderIds: bidders.map((b) => b.bidder_id),
        }),
      );
      return row;
    });
    await this.scheduler.unschedule({ id, endsAt: auction.ends_at });
    await this.feed.publish({
      auctionId: id,
      ...priceOf(auction),
      bidCount: 0,
      leadingBidId: null,
      status: 'closed',
    });
  }
}
