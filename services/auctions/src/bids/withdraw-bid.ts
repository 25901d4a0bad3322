import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuctionPriceMessage, Site } from '@manzil/contracts';
import { AppException } from '@manzil/nest-kit';
import { priceOf } from '../auctions/auction-view.js';
import { PriceFeed } from '../live/price-feed.js';
import { Bid } from './bid.entity.js';

export interface WithdrawBidCommand {
  site: Site;
  bidId: string;
  bidderId: string;
}

/**
 * A customer withdraws their bid while the auction is live. A bid whose fee payment is
 * pending cannot be withdrawn (spec §4, §8). Withdrawing the leading bid hands the lead back
 * to the next highest accepted bid (or the starting price). The auction's row is locked
 * first, as placing a bid does, so the two never deadlock and the price stays consistent.
 */
@Injectable()
export class WithdrawBid {
  constructor(
    private readonly dataSource: DataSource,
    private readonly feed: PriceFeed,
  ) {}

  async execute({ site, bidId, bidderId }: WithdrawBidCommand): Promise<Bid> {
    const { bid, price } = await this.dataSource.transaction(async (manager) => {
      // Another site's bid is "not found"; another customer's bid on this site is forbidden.
      const found = await manager.findOneBy(Bid, { id: bidId, site });
      if (!found) throw new AppException('NOT_FOUND');
      if (found.bidderId !== bidderId) throw new AppException('FORBIDDEN');
      const [auction] = (await manager.query(
        `SELECT "id", "starting_price", "min_increment", "leading_bid_id",
                now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL AS "open"
           FROM "auctions" WHERE "id" = $1 FOR UPDATE`,
        [found.auctionId],
      )) as {
        id: string;
        starting_price: string;
        min_increment: string;
        leading_bid_id: string | null;
        open: boolean;
      }[];
      const bid = (await manager.findOne(Bid, {
        where: { id: bidId },
        lock: { mode: 'pessimistic_write' },
      }))!;
      if (bid.paymentStatus === 'pending') throw new AppException('BID_PAYMENT_PENDING', 422);
      if (bid.status !== 'accepted' || !auction.open) throw new AppException('BID_NOT_WITHDRAWABLE', 422);
      bid.status = 'withdrawn';
      await manager.save(bid);
      // The highest accepted bid left leads; the count is of accepted bids.
      const [top] = (await manager.query(
        `SELECT "id", "amount", "bidder_id", (SELECT count(*)::int FROM "bids" WHERE "auction_id" = $1 AND "status" = 'accepted') AS "count"
           FROM "bids" WHERE "auction_id" = $1 AND "status" = 'accepted'
          ORDER BY "amount" DESC LIMIT 1`,
        [auction.id],
      )) as { id: string; amount: string; bidder_id: string; count: number }[];
      await manager.query(
        `UPDATE "auctions" SET "current_price" = $2, "leading_bid_id" = $3, "leading_bidder_id" = $4, "bid_count" = $5, "updated_at" = now()
          WHERE "id" = $1`,
        [auction.id, top?.amount ?? null, top?.id ?? null, top?.bidder_id ?? null, top?.count ?? 0],
      );
      const price: AuctionPriceMessage = {
        auctionId: auction.id,
        ...priceOf({ ...auction, current_price: top?.amount ?? null }),
        bidCount: top?.count ?? 0,
        leadingBidId: top?.id ?? null,
        status: 'live',
      };
      return { bid, price };
    });
    await this.feed.publish(price);
    return bid;
  }
}
