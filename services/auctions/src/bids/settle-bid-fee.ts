import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  bidFeeRefundDueV1,
  bidOutbidV1,
  SITE_FACTS,
  TOPICS,
  type AuctionPriceMessage,
  type EventEnvelope,
  type Site,
} from '@manzil/contracts';
import { enqueue, newEvent } from '@manzil/bus/outbox';
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
 * - paid but overtaken while the bidder paid, or the auction over: rejected (payment success),
 *   and `bid.fee-refund-due` so payments gives the fee back.
 * - failed: rejected, payment failed.
 * A bid no longer pending only records what happened to its fee, and a fee paid for one that was
 * rejected meanwhile (the auction cancelled or closed) is due back too.
 */
@Injectable()
export class SettleBidFee {
  private readonly logger = new Logger('bid-fee');

  constructor(
    private readonly inbox: EventInbox,
    private readonly feed: PriceFeed,
  ) {}

  async execute(
    event: EventEnvelope<{ paymentId: string; bidId: string; auctionId: string }>,
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
    event: EventEnvelope<{ paymentId: string }>,
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
    // Money taken for a bid that cannot lead: it goes back (payments refunds it).
    const refundDue = (reason: 'overtaken' | 'auction-over' | 'bid-closed') =>
      enqueue(
        manager,
        TOPICS.auctionsAuction,
        newEvent(
          bidFeeRefundDueV1,
          site,
          auction.id,
          {
            paymentId: event.payload.paymentId,
            bidId,
            auctionId: auction.id,
            bidderId: bid.bidderId,
            reason,
          },
          event.requestId,
        ),
      );
    if (bid.status !== 'pending') {
      await manager.save(bid);
      if (outcome === 'paid' && bid.status !== 'accepted') await refundDue('bid-closed');
      return null;
    }
    const { minimumBid } = priceOf(auction);
    if (outcome === 'failed' || !auction.open || toCents(bid.amount) < toCents(minimumBid)) {
      bid.status = 'rejected';
      await manager.save(bid);
      if (outcome === 'paid') await refundDue(auction.open ? 'overtaken' : 'auction-over');
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
