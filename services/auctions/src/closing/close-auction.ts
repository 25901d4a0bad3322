import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { auctionClosedV1, SITE_FACTS, TOPICS, type Site } from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
import { priceOf } from '../auctions/auction-view.js';
import { PriceFeed } from '../live/price-feed.js';

export type CloseOutcome = 'closed' | 'already-closed' | 'not-ended' | 'missing';

/**
 * Settles an auction whose end has passed: the winner is the highest accepted bid (the
 * leading one), bids still waiting for their fee are rejected, `closed_at` is set and
 * `auction.closed` is written to the outbox, all in one transaction under the auction's
 * lock. Running it again finds `closed_at` set and does nothing, so the job may run twice.
 */
@Injectable()
export class CloseAuction {
  private readonly logger = new Logger('auction-closing');

  constructor(
    private readonly dataSource: DataSource,
    private readonly feed: PriceFeed,
  ) {}

  async execute(auctionId: string): Promise<CloseOutcome> {
    const result = await this.dataSource.transaction(async (manager) => {
      const [auction] = (await manager.query(
        `SELECT "id", "site", "property_id", "ends_at", "closed_at", "leading_bid_id", "bid_count",
                "current_price", "starting_price", "min_increment", now() >= "ends_at" AS "ended"
           FROM "auctions" WHERE "id" = $1 FOR UPDATE`,
        [auctionId],
      )) as {
        id: string;
        site: Site;
        property_id: string;
        ends_at: Date;
        closed_at: Date | null;
        leading_bid_id: string | null;
        bid_count: number;
        current_price: string | null;
        starting_price: string;
        min_increment: string;
        ended: boolean;
      }[];
      if (!auction) return { outcome: 'missing' as const };
      if (auction.closed_at) return { outcome: 'already-closed' as const };
      if (!auction.ended) return { outcome: 'not-ended' as const };
      await manager.query(
        `UPDATE "bids" SET "status" = 'rejected', "updated_at" = now() WHERE "auction_id" = $1 AND "status" = 'pending'`,
        [auction.id],
      );
      const [closed] = (await manager.query(
        `UPDATE "auctions" SET "closed_at" = now(), "winning_bid_id" = "leading_bid_id", "updated_at" = now()
          WHERE "id" = $1 RETURNING "closed_at"`,
        [auction.id],
      )) as [{ closed_at: Date }][];
      const winner = auction.leading_bid_id
        ? (
            (await manager.query(`SELECT "id", "bidder_id", "amount" FROM "bids" WHERE "id" = $1`, [
              auction.leading_bid_id,
            ])) as { id: string; bidder_id: string; amount: string }[]
          )[0]
        : undefined;
      const bidders = (await manager.query(
        `SELECT DISTINCT "bidder_id" FROM "bids" WHERE "auction_id" = $1 ORDER BY "bidder_id"`,
        [auction.id],
      )) as { bidder_id: string }[];
      await enqueue(
        manager,
        TOPICS.auctionsAuction,
        newEvent(auctionClosedV1, auction.site, auction.id, {
          auctionId: auction.id,
          propertyId: auction.property_id,
          endsAt: auction.ends_at.toISOString(),
          closedAt: closed[0].closed_at.toISOString(),
          currency: SITE_FACTS[auction.site].currency,
          winner: winner
            ? { bidId: winner.id, bidderId: winner.bidder_id, amount: Number(winner.amount) }
            : null,
          bidderIds: bidders.map((b) => b.bidder_id),
        }),
      );
      return { outcome: 'closed' as const, auction };
    });
    if (result.outcome === 'closed') {
      const { auction } = result;
      this.logger.log({ auctionId, msg: 'auction closed' });
      await this.feed.publish({
        auctionId,
        ...priceOf(auction),
        bidCount: auction.bid_count,
        leadingBidId: auction.leading_bid_id,
        status: 'closed',
      });
    }
    return result.outcome;
  }
}
