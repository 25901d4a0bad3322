import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  bidOutbidV1,
  SITE_FACTS,
  TOPICS,
  type AuctionPriceMessage,
  type EventEnvelope,
  type Site,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus';
import { EventInbox } from '@manzil/nest-kit';
import { priceOf, toCents } from '../auctions/auction-view.js';
import { Auction } from '../auctions/auction.entity.js';
import { PriceFeed } from '../live/price-feed.js';
import { Bid } from './bid.entity.js';

export type FeeOutcome = 'paid' | 'failed';

interface LockedAuction {
  id: string;
  property_id: string;
  starting_price: string;
  min_increment: string;
  current_price: string | null;
  leading_bid_id: string | null;
  bid_count: number;
  open: boolean;
}

/**
 * Payments' word on a pending bid's fee, applied once (inbox) under the auction's row lock,
 * the same lock placing and withdrawing take, so fees settling while others bid are
 * serialized with them:
 * - paid, auction still live and the amount still ≥ the current price + increment: the bid is
 *   accepted now, leads and moves the price (`bid.outbid` for the leader it overtakes, the
 *   live feed told after commit). Its amount is checked against the price of this moment, not
 *   of when it was placed: no two accepted bids share an amount, and the ladder only climbs.
 * - paid but overtaken while the bidder paid, or the auction over: rejected (payment success;
 *   the fee is the admin's to refund).
 * - failed: rejected, payment failed.
 * A bid no longer pending (closed as rejected, withdrawn) only records what happened to its fee.
 */
@Injectable()
export class SettleBidFee {
  private readonly logger = new Logger('bid-fee');

  constructor(
    private readonly inbox: EventInbox,
    private readonly feed: PriceFeed,
  ) {}

  async execute(
    event: EventEnvelope<{ bidId: string; auctionId: string }>,
    outcome: FeeOutcome,
  ): Promise<void> {
    let price: AuctionPriceMessage | null = null;
    await this.inbox.handleOnce(event, async (manager) => {
      price = await this.settle(
        manager,
        event.site,
        event.payload.auctionId,
        event.payload.bidId,
        outcome,
        event,
      );
    });
    if (price) await this.feed.publish(price);
  }

  private async settle(
    manager: EntityManager,
    site: Site,
    auctionId: string,
    bidId: string,
    outcome: FeeOutcome,
    event: EventEnvelope,
  ): Promise<AuctionPriceMessage | null> {
    const [auction] = (await manager.query(
      `SELECT "id", "property_id", "starting_price", "min_increment", "current_price", "leading_bid_id", "bid_count",
              now() >= "starts_at" AND now() < "ends_at" AND "closed_at" IS NULL AS "open"
         FROM "auctions" WHERE "id" = $1 AND "site" = $2 FOR UPDATE`,
      [auctionId, site],
    )) as LockedAuction[];
    const bid = await manager.findOne(Bid, {
      where: { id: bidId, site },
      lock: { mode: 'pessimistic_write' },
    });
    if (!auction || !bid || bid.auctionId !== auction.id) {
      this.logger.warn({ bidId, auctionId, msg: 'bid fee for an unknown bid: ignored' });
      return null;
    }
    bid.paymentStatus = outcome === 'paid' ? 'success' : 'failed';
    if (bid.status !== 'pending') {
      await manager.save(bid);
      if (outcome === 'paid')
        this.logger.warn({
          bidId,
          status: bid.status,
          msg: 'bid fee paid for a bid no longer pending: refund due',
        });
      return null;
    }
    const { minimumBid } = priceOf(auction);
    if (outcome === 'failed' || !auction.open || toCents(bid.amount) < toCents(minimumBid)) {
      bid.status = 'rejected';
      await manager.save(bid);
      return null;
    }
    const previous = auction.leading_bid_id
      ? await manager.findOneBy(Bid, { id: auction.leading_bid_id })
      : null;
    bid.status = 'accepted';
    await manager.save(bid);
    await manager.update(Auction, auction.id, {
      currentPrice: bid.amount,
      leadingBidId: bid.id,
      leadingBidderId: bid.bidderId,
      bidCount: () => '"bid_count" + 1',
    });
    if (previous && previous.bidderId !== bid.bidderId)
      await enqueue(
        manager,
        TOPICS.auctionsAuction,
        newEvent(
          bidOutbidV1,
          site,
          auction.id,
          {
            auctionId: auction.id,
            propertyId: auction.property_id,
            previousBidId: previous.id,
            previousBidderId: previous.bidderId,
            previousAmount: Number(previous.amount),
            newBidId: bid.id,
            newAmount: Number(bid.amount),
            currency: SITE_FACTS[site].currency,
          },
          event.requestId,
        ),
      );
    return {
      auctionId: auction.id,
      ...priceOf({ ...auction, current_price: bid.amount }),
      bidCount: auction.bid_count + 1,
      leadingBidId: bid.id,
      status: 'live',
    };
  }
}
